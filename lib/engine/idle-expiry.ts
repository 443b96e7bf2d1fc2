/**
 * Idle expiry of many keys that share one idle timeout, with one timer for all of them (instead of
 * a `setTimeout` per key: issue 16, idle sessions cheap). Keys sit in a Map in the order they were
 * last touched, so the first key is always the next to expire: a touch moves a key to the end,
 * the one timer is armed for the first key's deadline, and when it fires every key idle for the
 * whole timeout (from the front) is expired and the timer re-armed for the new first key.
 * A key expires exactly `idleMs` after its last touch (timer precision aside), as with one timer
 * per key. The timer is unref'd: it never keeps the process alive.
 */
export class IdleExpiry<K> {
  /** Each key's last touch (epoch ms), oldest first. */
  private readonly lastTouch = new Map<K, number>();
  private timer?: NodeJS.Timeout;

  constructor(
    /** How long a key may stay untouched. */
    private readonly idleMs: number,
    /** Called once for each key that expired (after it was removed). */
    private readonly expire: (key: K) => void,
  ) {}

  /** Number of keys watched. */
  get size(): number {
    return this.lastTouch.size;
  }

  /** Starts watching a key, or restarts its idle period when watched already. */
  touch(key: K): void {
    this.lastTouch.delete(key);
    this.lastTouch.set(key, Date.now());
    this.timer ??= this.arm();
  }

  /** Stops watching a key (no expiry for it). */
  delete(key: K): void {
    if (!this.lastTouch.delete(key) || this.lastTouch.size > 0 || !this.timer) return;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Stops watching every key and the timer. */
  clear(): void {
    this.lastTouch.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The timer for the first key's deadline (undefined when no key is watched). */
  private arm(): NodeJS.Timeout | undefined {
    const first = this.lastTouch.values().next();
    if (first.done) return undefined;
    const timer = setTimeout(
      () => this.sweep(),
      Math.max(0, first.value + this.idleMs - Date.now()),
    );
    timer.unref();
    return timer;
  }

  private sweep(): void {
    this.timer = undefined;
    const now = Date.now();
    const expired: K[] = [];
    for (const [key, touched] of this.lastTouch) {
      if (now - touched < this.idleMs) break; // the rest were touched later
      expired.push(key);
    }
    for (const key of expired) this.lastTouch.delete(key);
    this.timer = this.arm();
    for (const key of expired) this.expire(key);
  }
}
