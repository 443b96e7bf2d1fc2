import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { McpModule } from 'nestjs-mcp';
import { AccountTools } from './account.tools.js';
import { JwtStrategy } from './auth.js';
import { GreetingTools } from './greeting.tools.js';

@Module({
  imports: [
    PassportModule,
    McpModule.forRoot({ name: 'nest12-esm', version: '1.0.0', sse: true, websocket: true }),
  ],
  providers: [GreetingTools, AccountTools, JwtStrategy],
})
export class AppModule {}
