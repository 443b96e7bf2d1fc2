import {
  Injectable,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { concat, defer, of, tap, throwError, type Observable } from 'rxjs';
import { map } from 'rxjs/operators';
import { z } from 'zod';
import { McpContext, Tool, McpArgs, McpCtx, McpExecutionContext } from '../../../../lib/index.js';
import { Recorder } from './recorder.js';

/** Measures each call (wall time around the handler) and records it with the MCP method. */
@Injectable()
export class TimingInterceptor implements NestInterceptor {
  constructor(private readonly recorder: Recorder) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const started = performance.now();
    const { mcp } = McpExecutionContext.create(context);
    return next.handle().pipe(
      tap({
        next: () =>
          this.recorder.record('timing', {
            handler: `${context.getClass().name}#${context.getHandler().name}`,
            method: mcp.method,
            ms: performance.now() - started,
          }),
      }),
    );
  }
}

/** Transforms a string result to upper case. */
@Injectable()
export class ShoutInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next
      .handle()
      .pipe(map((value) => (typeof value === 'string' ? value.toUpperCase() : value)));
  }
}

/** Fails before the handler runs. */
@Injectable()
export class BrokenInterceptor implements NestInterceptor {
  intercept(): Observable<unknown> {
    throw new Error('interceptor misconfigured');
  }
}

/** Lets the handler run, then errors the stream. */
@Injectable()
export class ErroringInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return concat(
      next.handle().pipe(map(() => undefined)),
      defer(() => throwError(() => new Error('post-processing failed'))),
    );
  }
}

/** Tools wrapped by interceptors. */
@Injectable()
@UseInterceptors(TimingInterceptor)
export class InterceptedTools {
  @Tool({ description: 'Echoes', inputSchema: { text: z.string() } })
  measured({ text }: { text: string }) {
    return `measured ${text}`;
  }

  @UseInterceptors(ShoutInterceptor)
  @Tool({ description: 'Echoes, shouted by an interceptor', inputSchema: { text: z.string() } })
  shout({ text }: { text: string }) {
    return `you said ${text}`;
  }

  @UseInterceptors(BrokenInterceptor)
  @Tool({ description: 'Its interceptor throws' })
  broken() {
    return 'unreachable';
  }

  @UseInterceptors(ErroringInterceptor)
  @Tool({ description: 'Its interceptor errors after the handler' })
  erroring() {
    return 'swallowed';
  }

  @UseInterceptors(ShoutInterceptor)
  @Tool({
    description: 'Streams progress as an Observable; the last value is the result',
    inputSchema: { steps: z.number().int().min(1).max(10) },
  })
  countdown({ steps }: { steps: number }, ctx: McpContext): Observable<unknown> {
    const progress = Array.from({ length: steps }, (_, i) => ({
      progress: i + 1,
      total: steps,
      message: `step ${i + 1}`,
    }));
    return concat(of(...progress), of(`liftoff after ${steps} (${ctx.method})`));
  }

  @Tool({ description: 'Streams plain numbers as progress (context injected with @McpCtx)' })
  ticks(@McpCtx() ctx: McpContext): Observable<unknown> {
    return concat(of(1, 2, 3), of(`ticked for ${ctx.method}`));
  }

  @Tool({
    description: 'Streams progress, taking only decorated arguments',
    inputSchema: { label: z.string() },
  })
  labelled(@McpArgs('label') label: string): Observable<unknown> {
    return concat(of(1, 2), of(`labelled ${label}`));
  }
}

/** A global interceptor (`APP_INTERCEPTOR`): records every MCP call it wraps. */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(private readonly recorder: Recorder) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (McpExecutionContext.isMcp(context)) {
      this.recorder.record('audit', { handler: context.getHandler().name });
    }
    return next.handle();
  }
}
