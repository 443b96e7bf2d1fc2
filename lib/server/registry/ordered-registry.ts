import { Subject, type Observable } from 'rxjs';
import type { McpContext } from '../context/mcp-context.js';
import type { VisibilityPredicate } from './definitions.interface.js';

async function isVisible(
  item: { visible?: VisibilityPredicate },
  ctx: McpContext,
): Promise<boolean> {
  try {
    return !item.visible || (await item.visible(ctx));
  } catch {
    return false; // a predicate (or guard) that throws hides the item
  }
}

/**
 * A keyed collection that keeps insertion order: O(1) lookup by key and a cached array of wire
 * descriptors for list requests, rebuilt only after a change. `changes$` emits after each change.
 */
export class OrderedRegistry<
  T extends { readonly key: string; readonly visible?: VisibilityPredicate },
  D,
> {
  private readonly items = new Map<string, T>();
  private descriptors?: readonly D[];
  private predicates = 0;
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
    if (item.visible) this.predicates++;
    this.touch();
  }

  /** Removes by key; true when something was removed. */
  remove(key: string): boolean {
    const item = this.items.get(key);
    if (!item) return false;
    this.items.delete(key);
    if (item.visible) this.predicates--;
    this.touch();
    return true;
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

  /**
   * Wire descriptors in insertion order (cached until the next change, frozen: list responses
   * share it and encode its JSON once, see `lib/protocol/shared-json.ts`).
   */
  list(): readonly D[] {
    return (this.descriptors ??= Object.freeze(Array.from(this.items.values(), this.describe)));
  }

  /**
   * The descriptors this caller may see: the cached list when no item has a visibility predicate
   * (the common, allocation-free path), otherwise filtered per request.
   */
  async listFor(ctx: McpContext): Promise<readonly D[]> {
    if (this.predicates === 0) return this.list();
    const items = Array.from(this.items.values());
    const shown = await Promise.all(items.map((item) => isVisible(item, ctx)));
    return items.filter((_, i) => shown[i]).map(this.describe);
  }

  private touch(): void {
    this.descriptors = undefined;
    this.changed.next();
  }
}
