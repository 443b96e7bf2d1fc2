import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ClusterModule } from './src/cluster.module.js';

/**
 * One instance: `REDIS_URL=redis://127.0.0.1:6379 MCP_REQUEST_STATE_KEYS=<key> PORT=3001 node
 * dist/sample/10-cluster/main.js` (see cluster.module.ts for Redis Cluster and Sentinel).
 */
async function bootstrap() {
  const app = await NestFactory.create(ClusterModule, { logger: ['error', 'warn'] });
  app.enableShutdownHooks();
  await app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1');
  const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
  process.env.PORT = String(port);
  console.log(`READY http://127.0.0.1:${port}/mcp`);
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
