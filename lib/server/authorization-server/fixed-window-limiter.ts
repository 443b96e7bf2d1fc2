/** A request budget: at most `limit` requests per `windowMs` from one address. */
export interface McpRateLimit {
  limit: number;
  windowMs: number;
}

/**
 * Counts requests per key (the client address) in fixed windows; `take` says whether one more
 * fits and, when not, in how many seconds the window ends. Old windows are dropped as keys are
 * seen again and when the map grows past `maxKeys`.
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly rule: McpRateLimit,
    private readonly maxKeys = 10_000,
  ) {}

  /** Counts one request of `key`: `0` when allowed, else the seconds to wait. */
  take(key: string, now = Date.now()): number {
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
