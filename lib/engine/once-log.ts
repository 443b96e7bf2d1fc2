/** Where a {@link OnceLog} writes its lines. */
export type OnceLogSink = (message: string) => void;

/**
 * Logs a line once per distinct key, for keys that come from clients (a refused `Host` value):
 * the first `maxKeys` keys are remembered and logged once each; after that one line says further
 * ones are not logged, and the set stops growing, so a flood of distinct values costs bounded
 * memory and at most `maxKeys + 1` lines.
 */
export class OnceLog {
  private readonly seen = new Set<string>();
  private full = false;

  constructor(
    /** Names the kind of line in the "further ... not logged" notice. */
    private readonly subject: string,
    private readonly maxKeys = 100,
  ) {}

  /** Writes `message()` to `sink` the first time `key` is seen (within the bound); true when written. */
  log(key: string, sink: OnceLogSink, message: () => string): boolean {
    if (this.seen.has(key)) return false;
    if (this.seen.size >= this.maxKeys) {
      if (!this.full) {
        this.full = true;
        sink(
          `${this.subject}: ${this.maxKeys} distinct values logged; further ones are not logged`,
        );
      }
      return false;
    }
    this.seen.add(key);
    sink(message());
    return true;
  }
}
