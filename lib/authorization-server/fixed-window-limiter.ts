import type { WindowCounters } from '../stores/limit-counters.interface.js';

/** A request budget: at most `limit` requests per `windowMs` from one address. */
export interface McpRateLimit {
  limit: number;
  windowMs: number;
}

/**
 * Counts requests per key (the client address) in fixed windows; `take` says whether one more
 * fits and, when not, in how many seconds the window ends. Old windows are dropped as keys are
 * seen again and when the map grows past `maxKeys`. With {@link shared} counters (Redis) the
 * windows are the whole service's; while they cannot be reached, this instance counts alone.
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  /** Counters shared by the instances; set once at bootstrap. */
  shared?: WindowCounters;

  constructor(
    private readonly rule: McpRateLimit,
    private readonly maxKeys = 10_000,
    /** The budget's name in the shared counters (`registration`, `token`). */
    private readonly name = 'default',
  ) {}

  /** Counts one request of `key`: `0` when allowed, else the seconds to wait. */
  async take(key: string, now = Date.now()): Promise<number> {
    if (this.shared) {
      try {
        const { limit, windowMs } = this.rule;
        const hit = await this.shared.hit(`as:${this.name}:${key}`, windowMs, limit);
        return hit.hits <= limit ? 0 : Math.max(1, Math.ceil(hit.resetInMs / 1000));
      } catch {
        // The shared store is down: this instance's own window still bounds the caller.
      }
    }
    return this.takeHere(key, now);
  }

  private takeHere(key: string, now: number): number {
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.rule.windowMs) {
      if (this.windows.size >= this.maxKeys) this.sweep(now);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= this.rule.limit) return 0;
    return Math.max(1, Math.ceil((window.start + this.rule.windowMs - now) / 1000));
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.start >= this.rule.windowMs) this.windows.delete(key);
    }
    if (this.windows.size >= this.maxKeys) this.windows.clear();
  }
}
