/**
 * One instance of the cluster benchmark (`bench/cluster.ts` spawns it): the bench's echo tool on
 * Streamable HTTP, in memory, or on Redis when `REDIS_URL` is set (key prefix `REDIS_PREFIX`);
 * `MCP_KEEP_ALIVE_MS` sets the module's `keepAliveMs`.
 * Serves `echo_state` too (the echo writing the session state). Prints `READY <port>` once listening.
 */
import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { McpModule, Tool, type McpContext } from '../lib/index.js';
import { BenchTools } from './apps.js';
import { echoShape } from './bare-rpc.js';

/** `echo_state`: the echo, also counting the calls in the session state (a state write per call). */
@Injectable()
class StateTools {
  @Tool({
    description: 'Echoes the text and counts the call in the session state',
    inputSchema: echoShape,
  })
  echo_state({ text }: { text: string }, ctx: McpContext) {
    const state = ctx.session!.state;
    state.set('calls', Number(state.get('calls') ?? 0) + 1);
    return text;
  }
}

const url = process.env.REDIS_URL;
const keepAlive = process.env.MCP_KEEP_ALIVE_MS || undefined;

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
      // `0` turns off the per-POST timer that upgrades a long JSON reply to SSE (its cost).
      ...(keepAlive === undefined ? {} : { keepAliveMs: Number(keepAlive) }),
    }),
  ],
  providers: [BenchTools, StateTools],
})
class ClusterBenchModule {}

const app = await NestFactory.create(ClusterBenchModule, { logger: ['error', 'warn'] });
app.enableShutdownHooks();
await app.listen(0, '127.0.0.1');
console.log(`READY ${(app.getHttpServer().address() as AddressInfo).port}`);
