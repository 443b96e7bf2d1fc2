/**
 * The service of `bench/microservices.ts`, in a process of its own (so its CPU time is its own):
 * one `echo` tool served over NATS (`McpModule`'s `microservice` extra, on `NATS_URL` /
 * `MCP_SUBJECT`), over RabbitMQ (an `McpMicroserviceServer` the app connects, on `AMQP_URL` /
 * `MCP_QUEUE`, when `AMQP_URL` is set) and over Streamable HTTP on a free loopback port, which it
 * prints as `READY <port>`. The same McpServer answers all three, so the hops are the only
 * difference. The HTTP endpoint is the fast path (`fastPath: true`, `asyncContext: false`: the
 * cheapest HTTP endpoint the library serves; `BENCH_HTTP_CONTROLLER=1` serves it from the Nest
 * controller instead), so the broker hops are compared with the best HTTP hop.
 */
import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { McpMicroserviceServer, McpModule, McpServer, Tool } from '../../lib/index.js';

const controller = process.env.BENCH_HTTP_CONTROLLER === '1';

@Injectable()
class EchoTools {
  @Tool({
    description: 'Echoes the given text back',
    inputSchema: { text: z.string() },
    annotations: { readOnlyHint: true },
  })
  echo({ text }: { text: string }) {
    return text;
  }
}

@Module({
  imports: [
    McpModule.forRoot({
      name: 'bench-service',
      version: '0.0.0',
      fastPath: !controller,
      asyncContext: controller,
      microservice: {
        nats: {
          servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
          subject: process.env.MCP_SUBJECT ?? 'mcp.bench',
        },
      },
    }),
  ],
  providers: [EchoTools],
})
class ServiceModule {}

const app = await NestFactory.create(ServiceModule, { logger: ['error', 'warn'] });
app.enableShutdownHooks();
const amqpUrl = process.env.AMQP_URL;
if (amqpUrl) {
  const queue = process.env.MCP_QUEUE ?? 'mcp.bench';
  const strategy = new McpMicroserviceServer(app.get(McpServer), {
    rabbitmq: { url: amqpUrl, queue },
  });
  app.connectMicroservice({ strategy });
  await app.startAllMicroservices();
}
await app.listen(0, '127.0.0.1');
console.log(`READY ${(app.getHttpServer().address() as AddressInfo).port}`);
