import { LinkedList, ListNode } from './linked-list.js';

/** One watched key (the node's value) and its last touch. */
class IdleEntry<K> extends ListNode<K> {
  constructor(
    key: K,
    /** The last touch (epoch ms). */
    public touched: number,
  ) {
    super(key);
  }
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
 * The order is a {@link LinkedList} and the Map only finds a key's entry, so a touch (once per
 * request of a session) writes a timestamp and relinks an entry, and writes nothing to the Map:
 * deleting and re-adding the key there, as this class once did, left a hole per touch that the
 * Map rehashed away every few touches.
 */
export class IdleExpiry<K> {
  /** Each watched key's entry. */
  private readonly entries = new Map<K, IdleEntry<K>>();
  /** The entries, least recently touched first. */
  private readonly order = new LinkedList<K>();
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
      this.order.append(added);
    } else {
      entry.touched = now;
      this.order.moveToEnd(entry);
    }
    this.timer ??= this.arm();
  }

  /**
   * Stops watching a key (no expiry for it). The timer stays armed even when no key is left: it
   * fires once for nothing at the deadline it was armed for, where clearing it made the next key
   * (a session opened and ended per handshake) arm a new timer; it is unref'd, and no later key
   * can have an earlier deadline.
   */
  delete(key: K): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.order.remove(entry);
  }

  /** Stops watching every key and the timer. */
  clear(): void {
    this.entries.clear();
    this.order.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The timer for the first key's deadline (undefined when no key is watched). */
  private arm(): NodeJS.Timeout | undefined {
    const first = this.order.first as IdleEntry<K> | undefined;
    if (!first) return undefined;
    const timer = setTimeout(
      () => this.sweep(),
      Math.max(0, first.touched + this.idleMs - Date.now()),
    );
    timer.unref();
    return timer;
  }

  private sweep(): void {
    this.timer = undefined;
    const now = Date.now();
    const expired: K[] = [];
    for (
      let entry = this.order.first as IdleEntry<K> | undefined;
      entry && now - entry.touched >= this.idleMs; // the rest were touched later
      entry = this.order.first as IdleEntry<K> | undefined
    ) {
      this.entries.delete(entry.value);
      this.order.remove(entry);
      expired.push(entry.value);
    }
    this.timer = this.arm();
    for (const key of expired) this.expire(key);
  }
}
