import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { McpModule } from 'nestjs-mcp';
import { AccountTools } from './account.tools';
import { JwtStrategy } from './auth';
import { GreetingTools } from './greeting.tools';

@Module({
  imports: [
    PassportModule,
    McpModule.forRoot({ name: 'nest11-cjs', version: '1.0.0', sse: true, websocket: true }),
  ],
  providers: [GreetingTools, AccountTools, JwtStrategy],
})
export class AppModule {}
