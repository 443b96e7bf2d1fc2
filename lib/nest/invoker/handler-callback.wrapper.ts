import { IntrinsicException } from '@nestjs/common';
import { isObservable, type Observable } from 'rxjs';
import { CapacityError } from '../../errors/capacity.error.js';
import { ClientDidNotAnswerError } from '../../errors/client-did-not-answer.error.js';
import { StoreUnavailableError } from '../../errors/store-unavailable.error.js';
import { McpContext } from '../../server/context/mcp-context.js';
import { takeContext, type ContextPlace } from './context-param.js';
import { isThenable } from '../../engine/is-thenable.js';
import { inCurrentContext, storedMcpContext } from './current-mcp-context.js';
import { McpArgIndex } from './mcp-pipeline-args.js';

type Callback = (...args: unknown[]) => unknown;

/** A call ended because the client cancelled it; Nest does not log intrinsic exceptions. */
export class McpCallCancelledException extends IntrinsicException {
  constructor(reason: unknown) {
    super(reason instanceof Error ? reason.message : `Cancelled: ${String(reason)}`);
  }
}

/** What a handler may fail with that is no fault of its own (see {@link McpExpectedFaultException}). */
type ExpectedFault = ClientDidNotAnswerError | CapacityError | StoreUnavailableError;

/**
 * A call ended by something other than a server fault: the client did not answer a
 * server-to-client request, a limit refused what the handler asked for (a capacity refusal), or
 * the shared store (Redis) did not answer. Nest's exception handler must not log it as an
 * unhandled error with a stack: the server logs the first two at warn, rate-limited, and the
 * store's connection logs its failures once per run. Carries the error the engine answers with
 * (unwrapped by {@link unwrapIntrinsic} once the pipeline is done).
 */
export class McpExpectedFaultException extends IntrinsicException {
  constructor(readonly error: ExpectedFault) {
    super(error.message);
  }
}

/** Rethrows what an intrinsic exception of this file carries (the pipeline's rejection). */
export function unwrapIntrinsic(error: unknown): never {
  throw error instanceof McpExpectedFaultException ? error.error : error;
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

/** A method without parameters: Nest passes the pipeline's own arguments, the context among them. */
const PIPELINE: ContextPlace = { kind: 'pipeline' };

/** The call's context among a callback's arguments, found where `place` says it is. */
function contextIn(args: unknown[], place: ContextPlace): McpContext | undefined {
  if (place.kind === 'token') {
    const ctx = takeContext(args[place.index]);
    args.length = place.index; // the hidden parameter is not the method's
    return ctx;
  }
  if (place.kind === 'pipeline') {
    const found = args[McpArgIndex.Context];
    return found instanceof McpContext ? found : undefined;
  }
  return args.find((a): a is McpContext => a instanceof McpContext) ?? storedMcpContext();
}

/** What the method's result becomes: an Observable's last value (values before it: progress). */
function settle(result: unknown, ctx: McpContext | undefined): unknown {
  return ctx && isObservable(result) ? lastValueWithProgress(result, ctx) : result;
}

/**
 * Calls the method and settles its result (awaited when it is a promise), without an async frame:
 * a method answering at once gives its value at once.
 */
function callAndSettle(
  callback: Callback,
  self: unknown,
  args: unknown[],
  ctx: McpContext | undefined,
): unknown {
  const result = callback.apply(self, args);
  if (!isThenable(result)) return settle(result, ctx);
  return Promise.resolve(result).then((value) => settle(value, ctx));
}

/**
 * Wraps a handler method for Nest's pipeline:
 * - an Observable result streams: every value but the last is reported as progress (a number, or
 *   `{ progress, total?, message? }`), the last value is the result, and cancellation unsubscribes;
 * - an error raised because the call was cancelled becomes an McpCallCancelledException, which
 *   Nest's exception handler does not log (the client gets no response anyway); a client that
 *   did not answer an elicitation, a limit refused, or the shared store did not answer, likewise
 *   (McpExpectedFaultException, unwrapped after).
 * The call's context is found where `place` says (see `contextSlot`); a hidden parameter
 * appended after the method's own is taken off before the method runs. `ambient`: the method
 * (and the Observable it returns, subscribed here) runs inside the current-context storage, for
 * a pipeline that runs no other app code (the invoker then does not put the whole pipeline in it).
 * Method metadata (guards, pipes ...) is copied to the wrapper so Nest enhancers still find it.
 * The wrapper answers with the method's settled value itself when it has it at once (else a
 * promise of it): both pipelines that call it await what it returns.
 */
export function wrapHandlerCallback(
  callback: Callback,
  place: ContextPlace = PIPELINE,
  ambient = false,
): Callback {
  // Not an async function: a method answering at once gives its value as it is (no promise,
  // no async frame); the pipeline that called the wrapper (Nest's, or `directPipeline`) takes a
  // value as well as a promise.
  const wrapper = function (this: unknown, ...args: unknown[]): unknown {
    const ctx = contextIn(args, place);
    let result: unknown;
    try {
      result =
        ambient && ctx
          ? inCurrentContext(ctx, () => callAndSettle(callback, this, args, ctx))
          : callAndSettle(callback, this, args, ctx);
    } catch (error) {
      return Promise.reject(faultOf(error, ctx));
    }
    if (!isThenable(result)) return result;
    return Promise.resolve(result).then(undefined, (error: unknown) => {
      throw faultOf(error, ctx);
    });
  };
  return withMetadataOf(callback, wrapper);
}

/** What a handler's error becomes for Nest's exception handling (see {@link wrapHandlerCallback}). */
function faultOf(error: unknown, ctx: McpContext | undefined): unknown {
  if (ctx?.signal.aborted) return new McpCallCancelledException(ctx.signal.reason);
  if (
    error instanceof ClientDidNotAnswerError ||
    error instanceof CapacityError ||
    error instanceof StoreUnavailableError
  )
    return new McpExpectedFaultException(error);
  return error;
}

/** Copies a method's metadata (guards, pipes, interceptors ...) and name onto a stand-in function. */
export function withMetadataOf(method: Callback, standIn: Callback): Callback {
  for (const key of Reflect.getMetadataKeys(method)) {
    Reflect.defineMetadata(key, Reflect.getMetadata(key, method), standIn);
  }
  Object.defineProperty(standIn, 'name', { value: method.name });
  return standIn;
}
