/**
 * The service of `bench/microservices.ts`, in a process of its own (so its CPU time is its own):
 * one `echo` tool served both over NATS (`McpModule`'s `microservice` extra, on `NATS_URL` /
 * `MCP_SUBJECT`) and over Streamable HTTP on a free loopback port, which it prints as
 * `READY <port>`. The same McpServer answers both, so the two hops are the only difference.
 */
import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { McpModule, Tool } from '../../lib/index.js';

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
await app.listen(0, '127.0.0.1');
console.log(`READY ${(app.getHttpServer().address() as AddressInfo).port}`);
