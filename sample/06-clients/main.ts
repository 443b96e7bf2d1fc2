import 'reflect-metadata';
import { Logger, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DEFAULT_DEMO_MCP_URL } from './src/clients.constants.js';
import { ClientsModule } from './src/clients.module.js';
import { ClientsShowcase } from './src/clients.showcase.js';

const logger = new Logger('main');
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs the clients showcase once and exits: start the demo server first (`npm start`), then
 * `DEMO_MCP_URL=http://127.0.0.1:3000/mcp node dist/sample/06-clients/main.js`. A Nest
 * application context (no HTTP server): the clients connect at init and close on shutdown.
 * Exit code 0 when the showcase ran, 1 otherwise.
 */
async function main(): Promise<number> {
  let app: INestApplicationContext;
  try {
    app = await NestFactory.createApplicationContext(ClientsModule, { abortOnError: false });
  } catch (error) {
    const url = process.env.DEMO_MCP_URL ?? DEFAULT_DEMO_MCP_URL;
    logger.error(`Could not connect the clients: ${messageOf(error)} (demo server: ${url})`);
    return 1;
  }
  try {
    await app.get(ClientsShowcase).run();
    return 0;
  } catch (error) {
    logger.error(messageOf(error));
    return 1;
  } finally {
    await app.close();
  }
}

process.exitCode = await main();
