/**
 * `ctx.session.state`: a `Map` that notes when it was written (`set`, `delete`, `clear`), so a
 * session whose record lives in a shared store writes its state back once a request changed it.
 * A value changed in place (an object mutated after `get`) is not noticed: `set` it again.
 */
export class SessionState extends Map<string, unknown> {
  /** True once written since the last save (or load). */
  changed = false;

  override set(key: string, value: unknown): this {
    this.changed = true;
    return super.set(key, value);
  }

  override delete(key: string): boolean {
    this.changed = true;
    return super.delete(key);
  }

  override clear(): void {
    this.changed = true;
    super.clear();
  }

  /** The entries as a plain object (what the session record stores, as JSON). */
  toRecord(): Record<string, unknown> {
    return Object.fromEntries(this);
  }

  /** Replaces every entry with those of a stored record (not a change: nothing to save). */
  load(entries: Record<string, unknown> | undefined): void {
    super.clear();
    for (const [key, value] of Object.entries(entries ?? {})) super.set(key, value);
    this.changed = false;
  }
}
