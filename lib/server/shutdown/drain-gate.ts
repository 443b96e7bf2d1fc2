/** Default of `McpServerOptions.drainTimeoutMs`. */
export const DEFAULT_DRAIN_TIMEOUT_MS = 5000;

/**
 * Counts the requests a server is handling and, once {@link start}ed, tells when they are all
 * done or the drain window ended. The count is a plain integer per request (hot path).
 */
export class DrainGate {
  /** True once the drain started: new sessions and requests are refused. */
  draining = false;
  private count = 0;
  private idle?: () => void;

  /** Requests being handled now. */
  get inFlight(): number {
    return this.count;
  }

  /** A request started. */
  enter(): void {
    this.count++;
  }

  /** A request ended. */
  leave(): void {
    if (--this.count === 0) this.idle?.();
  }

  /** Starts draining (idempotent). */
  start(): void {
    this.draining = true;
  }

  /** Resolves `true` when no request is in flight, or `false` once `windowMs` passed first. */
  settled(windowMs: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.idle = undefined;
        resolve(false);
      }, windowMs);
      this.idle = () => {
        clearTimeout(timer);
        this.idle = undefined;
        resolve(true);
      };
    });
  }
}
