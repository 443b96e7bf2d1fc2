import type { ExternalContextCreator } from '@nestjs/core';
import type { ExternalContextOptions } from '@nestjs/core/helpers/external-context-creator.js';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import { isObservable, lastValueFrom } from 'rxjs';
import { isThenable } from '../../engine/is-thenable.js';
import { moduleKeyOf } from './pipeline-enhancers.js';

type Callback = (...args: unknown[]) => unknown;

/** The part of Nest's external exceptions handler called here (what its error proxy calls). */
interface ExceptionsHandler {
  next(exception: unknown, host: ExecutionContextHost): unknown;
}

/**
 * Nest's external-context pipeline for a static host's method that runs no code of the app but
 * the method (no guard, interceptor or exception filter, no decorated parameter for pipes: see
 * `runsEnhancers`), without its layers: `ExternalContextCreator.create` would wrap the call in an
 * error proxy, a guard step, the interceptors' consumer and a pipes step, four async frames that
 * each do nothing here. What is left does what they would: calls `callback` on `instance` with
 * the pipeline's arguments, turns an Observable result into its last value, and hands an error to
 * the exceptions handler Nest builds for this method (its default one: it logs what is not an
 * intrinsic exception under `ExceptionsHandler`, then rethrows), with the same `contextType`
 * host; what that rethrows goes to `settleError` (the invoker's, which unwraps intrinsic
 * exceptions), so the caller needs no promise of its own to catch it. Decided once, at bootstrap;
 * `undefined` when this Nest's creator does not look as expected (the caller then keeps Nest's
 * pipeline).
 */
export function directPipeline(
  creator: ExternalContextCreator,
  instance: object,
  callback: Callback,
  options: ExternalContextOptions,
  contextType: string,
  settleError: (error: unknown) => never,
): ((args: unknown[]) => Promise<unknown>) | undefined {
  let handler: ExceptionsHandler | undefined;
  if (options.filters) {
    try {
      const filters = Reflect.get(creator, 'filtersContextCreator') as {
        create(instance: object, callback: Callback, moduleKey: string): unknown;
      };
      handler = filters.create(instance, callback, moduleKeyOf(creator, instance)) as
        ExceptionsHandler | undefined;
    } catch {
      return undefined;
    }
    if (typeof handler?.next !== 'function') return undefined;
  }
  const exceptions = handler;
  /** What Nest's error proxy does with a failure: its exceptions handler, else `settleError`. */
  const fail = (error: unknown, args: unknown[]): unknown => {
    if (!exceptions) return settleError(error);
    const host = new ExecutionContextHost(args);
    host.setType(contextType);
    try {
      return exceptions.next(error, host);
    } catch (thrown) {
      return settleError(thrown);
    }
  };
  // Not an async function: a method's value given at once is settled at once (one promise, no
  // reaction nor closure per call); a promise gets one reaction, no async frame of its own.
  return (args) => {
    let result: unknown;
    try {
      result = callback.apply(instance, args);
    } catch (error) {
      return new Promise((resolve) => resolve(fail(error, args)));
    }
    if (!isThenable(result) && !isObservable(result)) return Promise.resolve(result);
    const failed = (error: unknown) => fail(error, args);
    return Promise.resolve(result).then(
      (value) => (isObservable(value) ? lastValueFrom(value).then(undefined, failed) : value),
      failed,
    );
  };
}
