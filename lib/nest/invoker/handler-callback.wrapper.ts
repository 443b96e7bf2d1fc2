import { IntrinsicException } from '@nestjs/common';
import { isObservable, type Observable } from 'rxjs';
import { CapacityError } from '../../errors/capacity.error.js';
import { ClientDidNotAnswerError } from '../../errors/client-did-not-answer.error.js';
import { McpContext } from '../../server/context/mcp-context.js';
import type { ContextSlot } from './context-param.js';
import { McpArgIndex } from './mcp-pipeline-args.js';

type Callback = (...args: unknown[]) => unknown;

/** A call ended because the client cancelled it; Nest does not log intrinsic exceptions. */
export class McpCallCancelledException extends IntrinsicException {
  constructor(reason: unknown) {
    super(reason instanceof Error ? reason.message : `Cancelled: ${String(reason)}`);
  }
}

/**
 * A call ended by the client's doing, not a server fault: the client did not answer a
 * server-to-client request, or a limit refused what the handler asked for (a capacity
 * refusal). Nest's exception handler must not log it as an error (the server logs it at warn,
 * rate-limited). Carries the error the engine answers with (unwrapped by {@link unwrapIntrinsic}
 * once the pipeline is done).
 */
export class McpClientFaultException extends IntrinsicException {
  constructor(readonly error: ClientDidNotAnswerError | CapacityError) {
    super(error.message);
  }
}

/** Rethrows what an intrinsic exception of this file carries (the pipeline's rejection). */
export function unwrapIntrinsic(error: unknown): never {
  throw error instanceof McpClientFaultException ? error.error : error;
}

function report(ctx: McpContext, value: unknown): void {
  if (typeof value === 'number') ctx.progress(value);
  else if (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { progress?: unknown }).progress === 'number'
  ) {
    const { progress, total, message } = value as {
      progress: number;
      total?: number;
      message?: string;
    };
    ctx.progress(progress, total, message);
  }
}

function lastValueWithProgress(source: Observable<unknown>, ctx: McpContext): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let held: { value: unknown } | undefined;
    const subscription = source.subscribe({
      next: (value) => {
        if (held) report(ctx, held.value);
        held = { value };
      },
      error: reject,
      complete: () => resolve(held?.value),
    });
    // Cancelled: stop the source and settle, so nothing waits on (or counts) this call any more.
    const cancel = () => {
      subscription.unsubscribe();
      reject(ctx.signal.reason);
    };
    if (ctx.signal.aborted) cancel();
    else ctx.signal.addEventListener('abort', cancel, { once: true });
  });
}

/** The context at the place it has in the pipeline's own arguments (a method without parameters). */
const PIPELINE_SLOT: Pick<ContextSlot, 'index' | 'appended'> = {
  index: McpArgIndex.Context,
  appended: false,
};

/**
 * Wraps a handler method for Nest's pipeline:
 * - an Observable result streams: every value but the last is reported as progress (a number, or
 *   `{ progress, total?, message? }`), the last value is the result, and cancellation unsubscribes;
 * - an error raised because the call was cancelled becomes an McpCallCancelledException, which
 *   Nest's exception handler does not log (the client gets no response anyway); a client that
 *   did not answer an elicitation, or a limit refused, likewise (McpClientFaultException, unwrapped
 *   after).
 * The call's context is found at `slot` among the arguments (see `contextSlot`); one appended
 * after the method's own parameters is taken off before the method runs.
 * Method metadata (guards, pipes ...) is copied to the wrapper so Nest enhancers still find it.
 */
export function wrapHandlerCallback(
  callback: Callback,
  slot: Pick<ContextSlot, 'index' | 'appended'> = PIPELINE_SLOT,
): Callback {
  const { index, appended } = slot;
  const wrapper = async function (this: unknown, ...args: unknown[]): Promise<unknown> {
    const found = args[index];
    const ctx = found instanceof McpContext ? found : undefined;
    if (appended) args.length = index;
    try {
      const result = await callback.apply(this, args);
      return ctx && isObservable(result) ? await lastValueWithProgress(result, ctx) : result;
    } catch (error) {
      if (ctx?.signal.aborted) throw new McpCallCancelledException(ctx.signal.reason);
      if (error instanceof ClientDidNotAnswerError || error instanceof CapacityError)
        throw new McpClientFaultException(error);
      throw error;
    }
  };
  return withMetadataOf(callback, wrapper);
}

/** Copies a method's metadata (guards, pipes, interceptors ...) and name onto a stand-in function. */
export function withMetadataOf(method: Callback, standIn: Callback): Callback {
  for (const key of Reflect.getMetadataKeys(method)) {
    Reflect.defineMetadata(key, Reflect.getMetadata(key, method), standIn);
  }
  Object.defineProperty(standIn, 'name', { value: method.name });
  return standIn;
}
