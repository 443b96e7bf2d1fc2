import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { McpGatewayModule, McpModule } from '../../lib/index.js';
import {
  FIXTURE_CACHE as cache,
  FIXTURE_PROVIDERS,
} from '../02-conformance-fixture/src/fixture-providers.js';

const nats = {
  servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  subject: process.env.MCP_SUBJECT ?? `mcp.conformance.${process.pid}`,
};
/** The conformance fixture's tools, prompts and resources, served only over NATS (no HTTP). */
@Module({
  imports: [
    McpModule.forRoot({
      name: 'mcp-conformance-test-server',
      version: '1.0.0',
      http: false,
      cache,
      microservice: { nats },
    }),
  ],
  providers: FIXTURE_PROVIDERS,
})
class ConformanceServiceModule {}

/**
 * The gateway the conformance suite talks to over Streamable HTTP: it has no tools of its own,
 * every tool, prompt and resource is the service's, reached over NATS; names are kept bare (one
 * service, so no prefix), as the suite asks for them by name.
 */
@Module({
  imports: [
    McpModule.forRoot({
      name: 'mcp-conformance-gateway',
      version: '1.0.0',
      sessionIdleTimeoutMs: 5 * 60_000,
      cache,
    }),
    McpGatewayModule.forRoot({
      mcpServers: { conformance: { transport: { nats } } },
      namespace: { collisions: 'prefix-on-collision' },
    }),
  ],
})
class ConformanceGatewayModule {}

/**
 * The conformance suite's target for "a gateway whose tools live in a service behind NATS":
 * the service (its own Nest application context, reached only over NATS) and the gateway
 * (Streamable HTTP on `http://HOST:PORT/mcp`) in one process, talking only through the broker.
 * `NATS_URL=nats://127.0.0.1:4222 PORT=3001 node dist/sample/12-microservice/conformance-gateway.js`
 */
async function bootstrap(): Promise<void> {
  const logger = ['error', 'warn'] as const;
  const service = await NestFactory.createApplicationContext(ConformanceServiceModule, {
    logger: [...logger],
  });
  const gateway = await NestFactory.create(ConformanceGatewayModule, { logger: [...logger] });
  service.enableShutdownHooks();
  gateway.enableShutdownHooks();
  await gateway.listen(Number(process.env.PORT ?? 3001), process.env.HOST ?? '127.0.0.1');
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
