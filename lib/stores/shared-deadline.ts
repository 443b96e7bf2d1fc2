/** One call waiting for its answer: when it is late, and how to fail it. */
interface Pending {
  readonly due: number;
  readonly reject: (error: Error) => void;
}

/**
 * Fails calls left unanswered for about `ms` (a frozen server that keeps its connections open),
 * with one sweep timer for all of them instead of a timer per call: a call joins a set with its
 * due time, leaves it when answered, and a sweep every quarter of `ms` fails those past due, so
 * a late call fails between `ms` and `1.25 × ms` after it started. The sweep runs only while
 * calls are pending (it stops at the first sweep that finds none) and never keeps the process
 * alive. A timer per call (`setTimeout` + `clearTimeout` + `Promise.race`) cost about 12,700
 * instructions per call, as much as a Redis command's own client work
 * (`bench/redis-store-deadline.ts`); this costs a set insertion and removal.
 */
export class SharedDeadline {
  private readonly pending = new Set<Pending>();
  private sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly ms: number) {
    if (!Number.isFinite(ms) || ms <= 0) throw new RangeError('SharedDeadline: ms must be > 0');
  }

  /** `call`, or a rejection when it has not settled after about `ms` (the call itself goes on). */
  within<T>(call: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry: Pending = { due: Date.now() + this.ms, reject };
      this.pending.add(entry);
      this.sweeper ??= setInterval(() => this.sweep(), Math.max(1, this.ms / 4)).unref();
      call.then(
        (value) => {
          this.pending.delete(entry);
          resolve(value);
        },
        (error: unknown) => {
          this.pending.delete(entry);
          reject(error as Error);
        },
      );
    });
  }

  private sweep(): void {
    if (this.pending.size === 0) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
      return;
    }
    const now = Date.now();
    for (const entry of this.pending) {
      if (entry.due > now) continue;
      this.pending.delete(entry);
      entry.reject(new Error(`no answer within ${this.ms} ms`));
    }
  }
}
