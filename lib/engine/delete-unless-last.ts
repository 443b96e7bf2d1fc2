/** A Map or Set, by the members {@link deleteUnlessLast} uses. */
interface KeyedCollection<K> {
  readonly size: number;
  has(key: K): boolean;
  delete(key: K): boolean;
}

/**
 * Deletes `key` from a Map or Set unless it is the only entry: then the collection is left as it
 * is and `'last'` is returned, for the caller to drop the collection (or swap in a shared empty
 * one). V8 reallocates a collection's table when a delete empties it, which on a per-call
 * collection would cost an allocation per call.
 * @returns true when deleted, `'last'` when it was the only entry (not deleted), false when absent
 */
export function deleteUnlessLast<K>(collection: KeyedCollection<K>, key: K): boolean | 'last' {
  if (collection.size !== 1) return collection.delete(key);
  return collection.has(key) ? 'last' : false;
}

/**
 * {@link deleteUnlessLast} for several keys: when `keys` are all the collection holds, it is left
 * as it is; otherwise they are deleted. True when nothing else is left in it (left as it was, or
 * emptied), for the caller to drop the collection.
 */
export function deleteAllUnlessOnly<K>(
  collection: KeyedCollection<K>,
  keys: readonly K[],
): boolean {
  let only = collection.size === keys.length;
  for (let i = 0; only && i < keys.length; i++) only = collection.has(keys[i]!);
  if (only) return true;
  for (const key of keys) collection.delete(key);
  return collection.size === 0;
}
