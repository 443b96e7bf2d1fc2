/** One watched key: its last touch, and its neighbours in the order of last touch. */
class IdleEntry<K> {
  previous: IdleEntry<K> | undefined = undefined;
  next: IdleEntry<K> | undefined = undefined;

  constructor(
    readonly key: K,
    /** The last touch (epoch ms). */
    public touched: number,
  ) {}
}

/**
 * Idle expiry of many keys that share one idle timeout, with one timer for all of them (instead of
 * a `setTimeout` per key: issue 16, idle sessions cheap). The keys form a list in the order they
 * were last touched, so the first key is always the next to expire: a touch moves a key to the
 * end, the one timer is armed for the first key's deadline, and when it fires every key idle for
 * the whole timeout (from the front) is expired and the timer re-armed for the new first key.
 * A key expires exactly `idleMs` after its last touch (timer precision aside), as with one timer
 * per key. The timer is unref'd: it never keeps the process alive.
 *
 * The list is linked through the entries themselves and the Map only finds a key's entry, so a
 * touch (once per request of a session) relinks two or three entries and writes nothing to the
 * Map: deleting and re-adding the key there, as this class once did, left a hole per touch that
 * the Map had to rehash away every few touches.
 */
export class IdleExpiry<K> {
  /** Each watched key's entry. */
  private readonly entries = new Map<K, IdleEntry<K>>();
  /** The least recently touched entry: the next to expire. */
  private first: IdleEntry<K> | undefined;
  /** The most recently touched entry. */
  private last: IdleEntry<K> | undefined;
  private timer?: NodeJS.Timeout;

  constructor(
    /** How long a key may stay untouched. */
    private readonly idleMs: number,
    /** Called once for each key that expired (after it was removed). */
    private readonly expire: (key: K) => void,
  ) {}

  /** Number of keys watched. */
  get size(): number {
    return this.entries.size;
  }

  /** Starts watching a key, or restarts its idle period when watched already. */
  touch(key: K): void {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry === undefined) {
      const added = new IdleEntry(key, now);
      this.entries.set(key, added);
      this.append(added);
    } else {
      entry.touched = now;
      if (entry !== this.last) {
        this.unlink(entry);
        this.append(entry);
      }
    }
    this.timer ??= this.arm();
  }

  /** Stops watching a key (no expiry for it). */
  delete(key: K): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.unlink(entry);
    if (this.entries.size > 0 || !this.timer) return;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Stops watching every key and the timer. */
  clear(): void {
    this.entries.clear();
    this.first = this.last = undefined;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private append(entry: IdleEntry<K>): void {
    entry.previous = this.last;
    entry.next = undefined;
    if (this.last) this.last.next = entry;
    else this.first = entry;
    this.last = entry;
  }

  private unlink(entry: IdleEntry<K>): void {
    const { previous, next } = entry;
    if (previous) previous.next = next;
    else this.first = next;
    if (next) next.previous = previous;
    else this.last = previous;
    entry.previous = entry.next = undefined;
  }

  /** The timer for the first key's deadline (undefined when no key is watched). */
  private arm(): NodeJS.Timeout | undefined {
    if (!this.first) return undefined;
    const timer = setTimeout(
      () => this.sweep(),
      Math.max(0, this.first.touched + this.idleMs - Date.now()),
    );
    timer.unref();
    return timer;
  }

  private sweep(): void {
    this.timer = undefined;
    const now = Date.now();
    const expired: K[] = [];
    // The rest were touched later.
    for (let entry = this.first; entry && now - entry.touched >= this.idleMs; entry = this.first) {
      this.entries.delete(entry.key);
      this.unlink(entry);
      expired.push(entry.key);
    }
    this.timer = this.arm();
    for (const key of expired) this.expire(key);
  }
}
