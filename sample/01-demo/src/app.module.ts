import { Module } from '@nestjs/common';
import { McpModule } from '../../../lib/index.js';
import { DemoTools } from './demo.tools.js';
import { RequestInfoTools } from './request-info.tools.js';
import { SessionDemoTools } from './session-demo.tools.js';

/** The demo app: an MCP server on every transport, with in-memory defaults. */
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
    }),
  ],
  providers: [DemoTools, RequestInfoTools, SessionDemoTools],
})
export class AppModule {}
