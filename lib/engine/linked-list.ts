/** A node of a {@link LinkedList}: its value and its neighbours while it is in a list. */
export class ListNode<T> {
  /** @internal */ previous: ListNode<T> | undefined = undefined;
  /** @internal */ next: ListNode<T> | undefined = undefined;
  /** @internal The list holding the node, if any. */ list: LinkedList<T> | undefined = undefined;

  constructor(readonly value: T) {}
}

/**
 * A doubly linked list whose nodes the caller keeps, so removing or moving one is a few pointer
 * writes. For long-lived collections that gain and lose an item on every request: a Map or Set
 * there leaves a hole per delete and, once it lives in old space, allocates every replacement
 * table there too (old-space garbage for the next full GC); linked nodes allocate nothing after
 * their own creation.
 */
export class LinkedList<T> {
  private head: ListNode<T> | undefined;
  private tail: ListNode<T> | undefined;
  private count = 0;

  /** Number of nodes in the list. */
  get size(): number {
    return this.count;
  }

  /** The oldest node (the next to expire in an LRU order), if any. */
  get first(): ListNode<T> | undefined {
    return this.head;
  }

  /** The newest node, if any. */
  get last(): ListNode<T> | undefined {
    return this.tail;
  }

  /** Appends a new node for `value` and returns it (keep it to remove or move it). */
  push(value: T): ListNode<T> {
    const node = new ListNode(value);
    this.append(node);
    return node;
  }

  /** Appends a node that is in no list (a subclass of {@link ListNode} carrying more fields). */
  append(node: ListNode<T>): void {
    node.list = this;
    node.previous = this.tail;
    node.next = undefined;
    if (this.tail) this.tail.next = node;
    else this.head = node;
    this.tail = node;
    this.count += 1;
  }

  /** Removes a node; false when it was not in this list (removed already). */
  remove(node: ListNode<T>): boolean {
    if (node.list !== this) return false;
    const { previous, next } = node;
    if (previous) previous.next = next;
    else this.head = next;
    if (next) next.previous = previous;
    else this.tail = previous;
    node.previous = node.next = node.list = undefined;
    this.count -= 1;
    return true;
  }

  /** Moves a node of this list to the end (nothing when it is last already). */
  moveToEnd(node: ListNode<T>): void {
    if (node === this.tail || !this.remove(node)) return;
    this.append(node);
  }

  /** Empties the list (its nodes are then in no list). */
  clear(): void {
    for (let node = this.head; node;) {
      const next = node.next;
      node.previous = node.next = node.list = undefined;
      node = next;
    }
    this.head = this.tail = undefined;
    this.count = 0;
  }

  /** The nodes from first to last, taken before the caller changes the list. */
  nodes(): ListNode<T>[] {
    const out: ListNode<T>[] = [];
    for (let node = this.head; node; node = node.next) out.push(node);
    return out;
  }
}
