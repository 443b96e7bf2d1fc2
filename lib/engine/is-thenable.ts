/**
 * True for a promise (or any thenable) a callback answered with, as against a plain value: the
 * one test of the code that goes on at once with a value and waits only for a promise.
 */
export function isThenable<R>(value: R | PromiseLike<R>): value is PromiseLike<R> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}
