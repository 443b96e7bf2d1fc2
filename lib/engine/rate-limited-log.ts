/** Where {@link RateLimitedLog} writes a line that passed (and its suppression summaries). */
export type RateLimitedSink = (message: string) => void;

/** Budget of a {@link RateLimitedLog}: lines per category per interval. */
export interface RateLimit {
  /** Lines written per category per interval before the rest are counted instead. Default 10. */
  perInterval?: number;
  /** Length of an interval in ms. Default 60 000. */
  intervalMs?: number;
}

interface Window {
  start: number;
  written: number;
  suppressed: number;
}

/**
 * Bounds log lines a client can trigger: per category, `perInterval` lines per `intervalMs`; the
 * rest are only counted, and the first line of the category's next interval is preceded by one
 * "suppressed N" summary. No timer is kept: a count is reported when its category logs again.
 * Categories are a fixed set chosen by the caller (never client text), so the map stays small.
 */
export class RateLimitedLog {
  private readonly windows = new Map<string, Window>();
  private readonly perInterval: number;
  private readonly intervalMs: number;

  constructor(
    limit: RateLimit = {},
    private readonly now: () => number = Date.now,
  ) {
    this.perInterval = limit.perInterval ?? 10;
    this.intervalMs = limit.intervalMs ?? 60_000;
  }

  /** Writes `message()` to `sink` unless `category` is over its budget; true when written. */
  log(category: string, sink: RateLimitedSink, message: () => string): boolean {
    const now = this.now();
    let window = this.windows.get(category);
    if (!window) {
      window = { start: now, written: 0, suppressed: 0 };
      this.windows.set(category, window);
    } else if (now - window.start >= this.intervalMs) {
      if (window.suppressed > 0) {
        sink(
          `${category}: ${window.suppressed} similar message(s) suppressed in the last ` +
            `${Math.round((now - window.start) / 1000)} s`,
        );
      }
      window.start = now;
      window.written = 0;
      window.suppressed = 0;
    }
    if (window.written >= this.perInterval) {
      window.suppressed++;
      return false;
    }
    window.written++;
    sink(message());
    return true;
  }

  /** Lines counted but not written in the current interval of `category`. */
  suppressed(category: string): number {
    return this.windows.get(category)?.suppressed ?? 0;
  }
}
