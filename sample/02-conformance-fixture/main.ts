import 'reflect-metadata';
import { ConsoleLogger, type INestApplication, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './src/app.module.js';

/** Nest's console logger, writing every level to stderr so that stdout stays silent. */
class StderrLogger extends ConsoleLogger {
  protected override printMessages(
    messages: unknown[],
    context?: string,
    logLevel?: LogLevel,
    _writeStreamType?: 'stdout' | 'stderr',
    errorStack?: unknown,
    params?: Record<string, unknown>,
  ): void {
    super.printMessages(messages, context, logLevel, 'stderr', errorStack, params);
  }
}

/** The app on Express, or on Fastify with `MCP_PLATFORM=fastify` (loaded only then). */
async function createApp(): Promise<INestApplication> {
  const logger = new StderrLogger();
  if (process.env.MCP_PLATFORM !== 'fastify') return NestFactory.create(AppModule, { logger });
  const { FastifyAdapter } = await import('@nestjs/platform-fastify');
  return NestFactory.create(AppModule, new FastifyAdapter(), { logger });
}

/**
 * Starts the conformance fixture on `http://HOST:PORT/mcp` (default `127.0.0.1:3001`); env
 * `MCP_PLATFORM=fastify` runs it on Fastify, `MCP_FAST_PATH=1` serves the endpoint by the fast path.
 */
async function bootstrap(): Promise<void> {
  const app = await createApp();
  app.enableShutdownHooks();
  const port = Number(process.env.PORT ?? 3001);
  const host = process.env.HOST ?? '127.0.0.1';
  await app.listen(port, host);
}

void bootstrap();
