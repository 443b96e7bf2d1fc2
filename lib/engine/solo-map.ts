/**
 * A keyed collection that holds one entry in two fields and makes a `Map` only when a second key
 * joins (kept until it is empty again). The requests of an MCP session are nearly always one at a time, and each one
 * used to make (and drop) a `Map` of its own in the peer, the session's channel and the POST's
 * reply: a table allocated, hashed into and thrown away per request. With one entry this is two
 * field writes and a compare. Keys compare as a `Map`'s do (SameValueZero).
 *
 * Not a full `Map`: it has what the request bookkeeping uses. Iteration ({@link entries},
 * {@link values}) returns a copy, so entries may be deleted while it is walked.
 */
export class SoloMap<K, V> {
  /** Whether the single entry below is set (a key may itself be `undefined`). */
  private held = false;
  private key: K | undefined = undefined;
  private value: V | undefined = undefined;
  /** Every entry once a second key joined the first, until it is empty; undefined otherwise. */
  private many: Map<K, V> | undefined = undefined;

  /** How many entries are held. */
  get size(): number {
    if (this.many) return this.many.size;
    return this.held ? 1 : 0;
  }

  has(key: K): boolean {
    if (this.many) return this.many.has(key);
    return this.held && sameValueZero(this.key, key);
  }

  get(key: K): V | undefined {
    if (this.many) return this.many.get(key);
    return this.held && sameValueZero(this.key, key) ? this.value : undefined;
  }

  set(key: K, value: V): this {
    if (this.many) {
      this.many.set(key, value);
    } else if (!this.held || sameValueZero(this.key, key)) {
      this.held = true;
      this.key = key;
      this.value = value;
    } else {
      this.many = new Map([
        [this.key as K, this.value as V],
        [key, value],
      ]);
      this.forgetSingle();
    }
    return this;
  }

  /** Removes `key`; true when it was held. The `Map` goes once it is empty. */
  delete(key: K): boolean {
    const many = this.many;
    if (many) {
      const deleted = many.delete(key);
      if (many.size === 0) this.many = undefined;
      return deleted;
    }
    if (!this.held || !sameValueZero(this.key, key)) return false;
    this.forgetSingle();
    return true;
  }

  clear(): void {
    this.many = undefined;
    this.forgetSingle();
  }

  /** A copy of the entries, in insertion order. */
  entries(): Array<[K, V]> {
    if (this.many) return [...this.many];
    return this.held ? [[this.key as K, this.value as V]] : [];
  }

  /** A copy of the values, in insertion order. */
  values(): V[] {
    if (this.many) return [...this.many.values()];
    return this.held ? [this.value as V] : [];
  }

  private forgetSingle(): void {
    this.held = false;
    this.key = undefined; // nothing kept alive by an entry that went
    this.value = undefined;
  }
}

/** `Map`'s key equality: `===`, but `NaN` equals itself. */
function sameValueZero(a: unknown, b: unknown): boolean {
  return a === b || (a !== a && b !== b);
}
