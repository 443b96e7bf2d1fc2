import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { McpModule } from '../../lib/index.js';
import { ReplicaTools } from './replica.tools.js';

const subject = process.env.MCP_SUBJECT ?? 'mcp.stock';

/**
 * A service replica reached only over NATS: the `microservice` extra connects it during
 * `createApplicationContext` (no HTTP server, no `connectMicroservice`). Start several with the
 * same subject and they share the load as one queue group:
 * `NATS_URL=nats://127.0.0.1:4222 MCP_SUBJECT=mcp.stock REPLICA=a node dist/sample/12-microservice/main.js`
 */
@Module({
  imports: [
    McpModule.forRoot({
      name: 'stock',
      version: '1.0.0',
      protocolEras: 'modern',
      http: false,
      microservice: {
        nats: { servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222', subject },
        keepAliveMs: Number(process.env.KEEPALIVE_MS ?? 2000),
        ...(process.env.MCP_CLAIM_KEY && {
          principalClaims: { key: process.env.MCP_CLAIM_KEY, audience: 'stock' },
        }),
      },
    }),
  ],
  providers: [ReplicaTools],
})
class ReplicaModule {}

async function bootstrap() {
  const app = await NestFactory.createApplicationContext(ReplicaModule, {
    logger: ['error', 'warn'],
  });
  app.enableShutdownHooks();
  console.log(`READY ${subject} ${process.env.REPLICA ?? ''}`);
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
