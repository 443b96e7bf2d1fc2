/**
 * Something whose `signal` may be made on first read: a `LazyAbort`, a modern input round, a
 * request scope. Objects built per request read their own `signal` through one of these from a
 * class getter, never from a getter written in an object literal: V8 allocates a literal's
 * accessor pair in old space, and its closure then keeps the whole request alive through every
 * young collection until the next full one.
 */
export interface SignalSource {
  readonly signal: AbortSignal;
}
