import { Module, ValidationPipe } from '@nestjs/common';
import { APP_PIPE } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { McpModule } from 'nestjs-mcp';
import { AccountTools } from './account.tools';
import { JwtStrategy } from './auth';
import { GreetingTools } from './greeting.tools';
import { OrdersController } from './orders.controller';

@Module({
  imports: [
    PassportModule,
    McpModule.forRoot({ name: 'nest11-cjs', version: '1.0.0', sse: true, websocket: true }),
  ],
  controllers: [OrdersController],
  providers: [
    GreetingTools,
    AccountTools,
    JwtStrategy,
    // The app's global ValidationPipe: it judges route tools as it judges the routes.
    {
      provide: APP_PIPE,
      useValue: new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true }),
    },
  ],
})
export class AppModule {}
