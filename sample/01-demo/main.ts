import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './src/app.module.js';

async function bootstrap() {
  const app = await NestFactory.create(AppModule);
  app.enableShutdownHooks();
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '127.0.0.1';
  await app.listen(port, host);
  const base = `http://${host}:${port}`;
  console.log(
    `MCP demo server: Streamable HTTP ${base}/mcp, HTTP+SSE ${base}/sse, WebSocket ws://${host}:${port}/ws` +
      (process.env.NODE_ENV === 'production' ? '' : `, explorer page ${base}/explorer`),
  );
}

void bootstrap();
