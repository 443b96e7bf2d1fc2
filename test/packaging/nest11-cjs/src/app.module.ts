import { Module } from '@nestjs/common';
import { McpModule } from 'nestjs-mcp';
import { GreetingTools } from './greeting.tools';

@Module({
  imports: [
    McpModule.forRoot({ name: 'nest11-cjs', version: '1.0.0', sse: true, websocket: true }),
  ],
  providers: [GreetingTools],
})
export class AppModule {}
