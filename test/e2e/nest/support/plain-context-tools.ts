import {
  Injectable,
  UseGuards,
  UseInterceptors,
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Observable, tap } from 'rxjs';
import { getCurrentMcpContext, Tool } from '../../../../lib/index.js';

/** What `getCurrentMcpContext()` says where it is called: the method, or why it threw. */
export function ambientMethod(): string {
  try {
    return `method ${getCurrentMcpContext()?.method ?? '(none)'}`;
  } catch (error) {
    return `threw: ${(error as Error).message}`;
  }
}

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

/** Records what `getCurrentMcpContext()` said in a guard (app code of the pipeline). */
@Injectable()
export class AmbientGuard implements CanActivate {
  static seen: string[] = [];
  canActivate(_context: ExecutionContext): boolean {
    AmbientGuard.seen.push(ambientMethod());
    return true;
  }
}

/** Records what `getCurrentMcpContext()` says as the handler's result passes an interceptor. */
@Injectable()
export class AmbientInterceptor implements NestInterceptor {
  static seen: string[] = [];
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(tap(() => AmbientInterceptor.seen.push(ambientMethod())));
  }
}

/**
 * Tools without decorated parameters (`(args, ctx)`), so Nest passes the pipeline's arguments
 * through: without a guard, interceptor or filter the current-context storage covers the method
 * alone (and what it returns), with one it covers the whole pipeline.
 */
@Injectable()
export class PlainContextTools {
  /** Calls of `plainLater` waiting at the gate. */
  waiting = 0;
  private release?: () => void;
  private gate = new Promise<void>((resolve) => (this.release = resolve));

  /** Lets the waiting `plainLater` calls go on. */
  openGate(): void {
    this.release?.();
    this.gate = new Promise<void>((resolve) => (this.release = resolve));
  }

  @Tool({ description: 'Says at once what getCurrentMcpContext() gives' })
  plainAmbient() {
    return text(ambientMethod());
  }

  @Tool({ description: 'Waits at the gate, then says whether the context is still its own' })
  async plainLater(_args: object, ctx: unknown) {
    this.waiting += 1;
    await this.gate;
    this.waiting -= 1;
    await new Promise((resolve) => setImmediate(resolve));
    let current: unknown;
    try {
      current = getCurrentMcpContext();
    } catch (error) {
      return text(`threw: ${(error as Error).message}`);
    }
    return text(current === ctx ? 'own context' : 'other context');
  }

  @Tool({ description: 'Answers from an Observable that reads the context when it runs' })
  plainObservable() {
    return new Observable<unknown>((subscriber) => {
      setImmediate(() => {
        subscriber.next(text(ambientMethod()));
        subscriber.complete();
      });
    });
  }

  @Tool({ description: 'Behind a guard that reads the context' })
  @UseGuards(AmbientGuard)
  plainGuarded() {
    return text(ambientMethod());
  }

  @Tool({ description: 'Behind an interceptor that reads the context after the method' })
  @UseInterceptors(AmbientInterceptor)
  async plainIntercepted() {
    await new Promise((resolve) => setImmediate(resolve));
    return text(ambientMethod());
  }
}
