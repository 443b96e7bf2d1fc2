import { LinkedList, ListNode } from './linked-list.js';

/**
 * A watched item of an {@link IdleList}: a list node with its last touch. A caller that keeps a
 * record per item anyway makes the record itself the node (a subclass), so watching it costs no
 * second object nor lookup.
 */
export class IdleNode<T> extends ListNode<T> {
  /** The last touch (epoch ms); set by {@link IdleList.touch}. */
  touched = 0;
}

/**
 * Idle expiry of many items that share one idle timeout, with one timer for all of them (instead
 * of a `setTimeout` per item: issue 16, idle sessions cheap). The items form a list in the order
 * they were last touched, so the first one is always the next to expire: a touch moves an item to
 * the end, the one timer is armed for the first item's deadline, and when it fires every item idle
 * for the whole timeout (from the front) is expired and the timer re-armed for the new first one.
 * An item expires exactly `idleMs` after its last touch (timer precision aside), as with one timer
 * per item. The timer is unref'd: it never keeps the process alive.
 *
 * The caller keeps the nodes ({@link IdleNode}), so a touch (once per request of a session)
 * writes a timestamp and relinks a node: no Map is read or written.
 */
export class IdleList<T> {
  /** The watched nodes, least recently touched first. */
  private readonly order = new LinkedList<T>();
  private timer?: NodeJS.Timeout;

  constructor(
    /** How long an item may stay untouched. */
    private readonly idleMs: number,
    /** Called once for each node that expired (after it was removed), with its value. */
    private readonly expire: (value: T) => void,
  ) {}

  /** Number of nodes watched. */
  get size(): number {
    return this.order.size;
  }

  /** Starts watching a node (in no list yet), or restarts its idle period. */
  touch(node: IdleNode<T>): void {
    node.touched = Date.now();
    if (node.list === undefined) this.order.append(node);
    else this.order.moveToEnd(node);
    this.timer ??= this.arm();
  }

  /**
   * Stops watching a node (no expiry for it). The timer stays armed even when no node is left:
   * it fires once for nothing at the deadline it was armed for, where clearing it made the next
   * node (a session opened and ended per handshake) arm a new timer; it is unref'd, and no later
   * node can have an earlier deadline.
   */
  delete(node: IdleNode<T>): void {
    this.order.remove(node);
  }

  /** Stops watching every node and the timer. */
  clear(): void {
    this.order.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The timer for the first node's deadline (undefined when none is watched). */
  private arm(): NodeJS.Timeout | undefined {
    const first = this.order.first as IdleNode<T> | undefined;
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
    const expired: T[] = [];
    for (
      let node = this.order.first as IdleNode<T> | undefined;
      node && now - node.touched >= this.idleMs; // the rest were touched later
      node = this.order.first as IdleNode<T> | undefined
    ) {
      this.order.remove(node);
      expired.push(node.value);
    }
    this.timer = this.arm();
    for (const value of expired) this.expire(value);
  }
}

/**
 * {@link IdleList} by key, for a caller that keeps no record of its own per key: a Map finds each
 * key's node.
 */
export class IdleExpiry<K> {
  /** Each watched key's node. */
  private readonly entries = new Map<K, IdleNode<K>>();
  private readonly list: IdleList<K>;

  constructor(
    /** How long a key may stay untouched. */
    idleMs: number,
    /** Called once for each key that expired (after it was removed). */
    expire: (key: K) => void,
  ) {
    this.list = new IdleList(idleMs, (key) => {
      // Unless an earlier callback of the same sweep watched the key again (a new node).
      if (this.entries.get(key)?.list === undefined) this.entries.delete(key);
      expire(key);
    });
  }

  /** Number of keys watched. */
  get size(): number {
    return this.entries.size;
  }

  /** Starts watching a key, or restarts its idle period when watched already. */
  touch(key: K): void {
    let node = this.entries.get(key);
    // A node a sweep removed, its key still to be reported, is not touched again: a new one is.
    if (node === undefined || node.list === undefined) {
      node = new IdleNode(key);
      this.entries.set(key, node);
    }
    this.list.touch(node);
  }

  /** Stops watching a key (no expiry for it); see {@link IdleList.delete} for the timer. */
  delete(key: K): void {
    const node = this.entries.get(key);
    if (node === undefined) return;
    this.entries.delete(key);
    this.list.delete(node);
  }

  /** Stops watching every key and the timer. */
  clear(): void {
    this.entries.clear();
    this.list.clear();
  }
}
