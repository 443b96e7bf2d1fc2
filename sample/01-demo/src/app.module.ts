import { Module } from '@nestjs/common';
import { McpModule } from '../../../lib/index.js';
import { CounterAppTools } from './counter-app.tools.js';
import { DemoTools } from './demo.tools.js';
import { RequestInfoTools } from './request-info.tools.js';
import { SessionDemoTools } from './session-demo.tools.js';

/**
 * The demo app: an MCP server on every transport, in memory; with `REDIS_URL` set, on Redis
 * (`REDIS_URL=redis://127.0.0.1:6379 PORT=3001 npm start` twice: two instances, one service).
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
      ...(process.env.REDIS_URL
        ? { redis: { url: process.env.REDIS_URL, keyPrefix: process.env.REDIS_PREFIX } }
        : {}),
    }),
  ],
  providers: [DemoTools, RequestInfoTools, SessionDemoTools, CounterAppTools],
})
export class AppModule {}
