import {
  Controller,
  Get,
  Injectable,
  Module,
  RequestMethod,
  type MiddlewareConsumer,
  type NestMiddleware,
  type NestModule,
} from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authOf, McpContext, Tool } from '../../../lib/index.js';
import { PlainController } from '../nest/support/plain.controller.js';

/** The header the app's Nest middleware adds to every response it sees. */
export const MIDDLEWARE_HEADER = 'x-app-middleware';

/** An app middleware: marks the responses of the routes it runs for. */
@Injectable()
export class MarkingMiddleware implements NestMiddleware {
  use(_req: IncomingMessage, res: ServerResponse, next: () => void): void {
    res.setHeader(MIDDLEWARE_HEADER, 'seen');
    next();
  }
}

/** A plain GET route beside the MCP endpoint. */
@Controller('hello')
export class HelloController {
  @Get()
  hello(): { hello: string } {
    return { hello: 'framework' };
  }
}

/** The app's own routes, and {@link MarkingMiddleware} for every route of the app. */
@Module({ controllers: [PlainController, HelloController] })
export class AppRoutesModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Every path: on the controller mount it would run for the MCP endpoint too.
    consumer.apply(MarkingMiddleware).forRoutes({ path: '*path', method: RequestMethod.ALL });
  }
}

/** Tools that report what the fast path gave them. */
@Injectable()
export class FastPathTools {
  @Tool({ description: 'Who the verified token says the caller is' })
  whoami(_args: Record<string, never>, ctx: McpContext) {
    const request = ctx.transport.request as
      (IncomingMessage & { user?: { sub?: string } }) | undefined;
    return JSON.stringify({
      subject: authOf(ctx)?.subject ?? null,
      user: request?.user?.sub ?? null,
      nodeRequest: typeof request?.headers === 'object' && typeof request.socket === 'object',
    });
  }
}
