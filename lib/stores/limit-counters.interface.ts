/** One capped set of {@link LimitCounters.admit}: its name (e.g. `tasks:owner:alice`) and cap. */
export interface LimitSet {
  /** The set's name; the store prefixes it. */
  readonly name: string;
  /** Most unexpired members it may hold. */
  readonly max: number;
}

/** The outcome of one {@link LimitCounters.hit}. */
export interface WindowHit {
  /** Hits counted in the current window, this one included. */
  readonly hits: number;
  /** Milliseconds until the current window ends. */
  readonly resetInMs: number;
  /** Milliseconds the key stays blocked (0: not blocked). */
  readonly blockedForMs: number;
}

/**
 * Fixed-window rate counters shared by the instances of a service: what the authorization
 * server's `rateLimitCounters` need ({@link LimitCounters} in Redis, `SqlLimitCounters` in the
 * app's SQL database).
 * @throws StoreUnavailableError while the store cannot be reached.
 */
export interface WindowCounters {
  /** Counts one hit of `key` in its fixed window of `windowMs` (atomic across instances). */
  hit(key: string, windowMs: number, limit: number): Promise<Pick<WindowHit, 'hits' | 'resetInMs'>>;
}

/**
 * Counters shared by the instances of a service, so a cap counts the whole service rather than
 * each instance (`McpModule.forRoot({ redis })` provides the Redis one). Things that live (sessions,
 * tasks) are members of capped sets, each member with an expiry: a member counts until it is
 * released or its expiry passes, so a crashed instance's members age out by themselves. Rates are
 * fixed windows.
 * @throws StoreUnavailableError from every method while the store cannot be reached.
 */
export interface LimitCounters extends WindowCounters {
  /**
   * Adds `member` to every set, living `ttlMs` from now, unless one of them already holds its
   * `max` unexpired members (a member already in a set is not counted twice). Atomic across
   * instances. Resolves to the index in `sets` of the first full set, or -1 when admitted.
   */
  admit(sets: readonly LimitSet[], member: string, ttlMs: number): Promise<number>;
  /** Removes `member` from every set {@link admit} put it in (nothing when unknown). */
  release(member: string): Promise<void>;
  /** Extends `member` to live `ttlMs` from now in its sets (nothing when released or expired). */
  renew(member: string, ttlMs: number): Promise<void>;
  /**
   * {@link renew} for many members at once (one round trip per batch); without it, callers renew
   * each member on its own.
   */
  renewMany?(members: readonly string[], ttlMs: number): Promise<void>;
  /**
   * Counts one hit of `key` in its fixed window of `windowMs`; past `limit` hits, blocks the key
   * for `blockMs` when that is positive.
   */
  hit(key: string, windowMs: number, limit: number, blockMs?: number): Promise<WindowHit>;
}
