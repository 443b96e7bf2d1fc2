import { Subject, type Observable } from 'rxjs';

/**
 * A keyed collection that keeps insertion order: O(1) lookup by key and a cached array of wire
 * descriptors for list requests, rebuilt only after a change. `changes$` emits after each change.
 */
export class OrderedRegistry<T extends { readonly key: string }, D> {
  private readonly items = new Map<string, T>();
  private descriptors?: D[];
  private readonly changed = new Subject<void>();

  /** Emits once per add/remove. */
  readonly changes$: Observable<void> = this.changed.asObservable();

  constructor(
    private readonly kind: string,
    private readonly describe: (item: T) => D,
  ) {}

  /** Adds an item; a duplicate key throws an error naming both owners. */
  add(item: T, owner = 'runtime registration', existingOwner?: (existing: T) => string): void {
    const existing = this.items.get(item.key);
    if (existing) {
      const other = existingOwner?.(existing) ?? 'another registration';
      throw new Error(
        `${owner}: duplicate ${this.kind} "${item.key}" (already registered by ${other})`,
      );
    }
    this.items.set(item.key, item);
    this.touch();
  }

  /** Removes by key; true when something was removed. */
  remove(key: string): boolean {
    const removed = this.items.delete(key);
    if (removed) this.touch();
    return removed;
  }

  /** O(1) lookup. */
  get(key: string): T | undefined {
    return this.items.get(key);
  }

  /** Number of items. */
  get size(): number {
    return this.items.size;
  }

  /** All items in insertion order. */
  values(): IterableIterator<T> {
    return this.items.values();
  }

  /** Wire descriptors in insertion order (cached until the next change). */
  list(): readonly D[] {
    return (this.descriptors ??= Array.from(this.items.values(), this.describe));
  }

  private touch(): void {
    this.descriptors = undefined;
    this.changed.next();
  }
}
