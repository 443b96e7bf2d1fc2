/**
 * One instance of the cluster benchmark (`bench/cluster.ts` spawns it): the bench's echo tool on
 * Streamable HTTP, in memory, or on Redis when `REDIS_URL` is set (key prefix `REDIS_PREFIX`).
 * Prints `READY <port>` once listening.
 */
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { McpModule } from '../lib/index.js';
import { BenchTools } from './apps.js';

const url = process.env.REDIS_URL;

@Module({
  imports: [
    McpModule.forRoot({
      name: 'nestjs-mcp-bench',
      version: '0.0.0',
      ...(url
        ? {
            redis: { url, keyPrefix: process.env.REDIS_PREFIX },
            requestState: { keys: [process.env.MCP_REQUEST_STATE_KEYS ?? ''] },
          }
        : {}),
      limits: { maxSessionsPerAddress: 100_000 },
    }),
  ],
  providers: [BenchTools],
})
class ClusterBenchModule {}

const app = await NestFactory.create(ClusterBenchModule, { logger: ['error', 'warn'] });
app.enableShutdownHooks();
await app.listen(0, '127.0.0.1');
console.log(`READY ${(app.getHttpServer().address() as AddressInfo).port}`);
