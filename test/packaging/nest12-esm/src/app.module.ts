import { Module } from '@nestjs/common';
import { McpModule } from 'nestjs-mcp';
import { GreetingTools } from './greeting.tools.js';

@Module({
  imports: [
    McpModule.forRoot({ name: 'nest12-esm', version: '1.0.0', sse: true, websocket: true }),
  ],
  providers: [GreetingTools],
})
export class AppModule {}
