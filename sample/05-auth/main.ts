import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './src/app.module.js';

/**
 * `node dist/sample/05-auth/main.js`, then connect an MCP client to http://127.0.0.1:3000/mcp
 * with `Authorization: Bearer user-token-ursula` (role user) or `Bearer admin-token-ada` (admin).
 */
async function bootstrap() {
  const app = await NestFactory.create(AppModule);
  app.enableShutdownHooks();
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '127.0.0.1';
  await app.listen(port, host);
  console.log(`MCP auth sample on http://${host}:${port}/mcp (Authorization: Bearer <token>)`);
}

void bootstrap();
