import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';
import { AppModule } from './src/app.module.js';

/**
 * `node dist/sample/08-operations/main.js`: an MCP server with rate-limited tools
 * (`@nestjs/throttler` through `McpThrottlerGuard`), a terminus health endpoint (`GET /health`)
 * and OpenTelemetry (`McpTelemetryModule`). `x-user: <name>` stands in for an auth layer.
 */
async function bootstrap() {
  const app = await NestFactory.create(AppModule, { logger: ['error', 'warn'] });
  app.enableShutdownHooks();
  // Stand-in for Passport: the `x-user` header becomes `req.user` (the throttling principal).
  app.use((req: Request & { user?: unknown }, _res: Response, next: NextFunction) => {
    const user = req.headers['x-user'];
    if (typeof user === 'string') req.user = { id: user };
    next();
  });
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '127.0.0.1';
  await app.listen(port, host);
  const address = app.getHttpServer().address() as { port: number };
  console.log(`MCP operations sample on http://${host}:${address.port}/mcp (health: /health)`);
}

void bootstrap();
