import type { ThrottlerStorage } from '@nestjs/throttler';
import type { LimitCounters } from '../../stores/limit-counters.interface.js';

/** What `ThrottlerStorage.increment` resolves to (the package does not export its name). */
type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * A `@nestjs/throttler` `ThrottlerStorage` over shared {@link LimitCounters} (the Redis ones of
 * `McpModule.forRoot({ redis })`): every instance counts the same fixed window per throttler and
 * key, so a `@Throttle()` limit holds for the whole service. `McpThrottlerGuard` uses it by itself
 * when the module has Redis; an app may also pass it to `ThrottlerModule.forRoot({ storage })`.
 * A Redis failure rejects (the guard's request fails) rather than letting calls through unbounded.
 */
export class McpThrottlerStorage implements ThrottlerStorage {
  constructor(private readonly counters: LimitCounters) {}

  /** Counts one hit of `key` for `throttlerName`: the record the throttler guard decides on. */
  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const hit = await this.counters.hit(
      `throttle:${throttlerName}:${key}`,
      ttl,
      limit,
      blockDuration,
    );
    return {
      totalHits: hit.hits,
      timeToExpire: Math.ceil(hit.resetInMs / 1000),
      isBlocked: hit.blockedForMs > 0,
      timeToBlockExpire: Math.ceil(hit.blockedForMs / 1000),
    };
  }
}
