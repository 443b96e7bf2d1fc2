import { Module } from '@nestjs/common';
import { McpModule, redisOptionsFromEnv } from '../../../lib/index.js';
import { CounterAppTools } from './counter-app.tools.js';
import { DemoTools } from './demo.tools.js';
import { RequestInfoTools } from './request-info.tools.js';
import { SessionDemoTools } from './session-demo.tools.js';

/** Redis from `REDIS_URL`, `REDIS_CLUSTER_NODES` or `REDIS_SENTINELS` + `REDIS_SENTINEL_NAME`. */
const redis = redisOptionsFromEnv();

/**
 * The demo app: an MCP server on every transport, in memory; with a Redis in the environment, on
 * Redis (`REDIS_URL=redis://127.0.0.1:6379 MCP_REQUEST_STATE_KEYS=<key> PORT=3001 npm start`
 * twice: two instances, one service; docs/guide/redis.md says how to make the key).
 */
@Module({
  imports: [
    McpModule.forRoot({
      name: 'nestjs-mcp-demo',
      version: '0.1.0',
      instructions: 'A demo server: try the echo, add and countdown tools.',
      // Every transport: Streamable HTTP at /mcp, legacy HTTP+SSE at /sse (+ /messages),
      // WebSocket at /ws. Over stdio the same module is served by `McpStdio.run` (sample/03-stdio).
      sse: true,
      websocket: true,
      // The explorer page at /explorer (not mounted under NODE_ENV=production).
      explorer: true,
      // Sessions, resumable streams and notifications shared through Redis when it is given.
      // Instances of one service seal 2026-07-28 input rounds with the same keys (newest first).
      ...(redis
        ? {
            redis,
            requestState: {
              keys: process.env.MCP_REQUEST_STATE_KEYS?.split(',').filter(Boolean) ?? [],
            },
          }
        : {}),
    }),
  ],
  providers: [DemoTools, RequestInfoTools, SessionDemoTools, CounterAppTools],
})
export class AppModule {}
