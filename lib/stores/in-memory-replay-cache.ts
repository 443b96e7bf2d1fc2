import type { McpReplayCache } from './replay-cache.interface.js';

/**
 * One-time ids remembered in this process's memory, at most `capacity` of them (the oldest are
 * forgotten first once full). Behind several instances a replay at another instance is not
 * caught: use the Redis one there.
 */
export class InMemoryReplayCache implements McpReplayCache {
  /** Key → when it may be forgotten (ms), in insertion order. */
  private readonly seen = new Map<string, number>();

  constructor(private readonly capacity = 100_000) {}

  claim(key: string, ttlMs: number): Promise<boolean> {
    const now = Date.now();
    const until = this.seen.get(key);
    if (until !== undefined && until > now) return Promise.resolve(false);
    this.seen.delete(key); // an expired entry: remembered again as the newest
    // Forget expired ids from the oldest on, and the oldest live ones while full.
    for (const [old, oldUntil] of this.seen) {
      if (oldUntil > now && this.seen.size < this.capacity) break;
      this.seen.delete(old);
    }
    this.seen.set(key, now + ttlMs);
    return Promise.resolve(true);
  }
}
