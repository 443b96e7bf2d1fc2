import { Module } from '@nestjs/common';
import { McpModule } from '../../../lib/index.js';
import { DemoTools } from './demo.tools.js';

/** The demo app: an MCP server with in-memory defaults. */
@Module({
  imports: [
    McpModule.forRoot({
      name: 'nestjs-mcp-demo',
      version: '0.1.0',
      instructions: 'A demo server: try the echo, add and countdown tools.',
    }),
  ],
  providers: [DemoTools],
})
export class AppModule {}
