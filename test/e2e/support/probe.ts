/**
 * Named one-shot latches shared by the test tools and the tests: a tool signals `started:k`,
 * `aborted:k`, ... and a test awaits it. Either side may come first.
 */
export class Probe {
  private readonly latches = new Map<
    string,
    { promise: Promise<unknown>; resolve: (value: unknown) => void; fired: boolean }
  >();

  /** Fires the latch `name` with `value` (later calls are ignored). */
  signal(name: string, value?: unknown): void {
    const latch = this.latch(name);
    if (latch.fired) return;
    latch.fired = true;
    latch.resolve(value);
  }

  /** Resolves with the value of the latch `name` once it fired. */
  wait<T = unknown>(name: string): Promise<T> {
    return this.latch(name).promise as Promise<T>;
  }

  /** True when the latch `name` has fired. */
  fired(name: string): boolean {
    return this.latches.get(name)?.fired ?? false;
  }

  private latch(name: string) {
    let latch = this.latches.get(name);
    if (!latch) {
      let resolve!: (value: unknown) => void;
      const promise = new Promise<unknown>((r) => (resolve = r));
      latch = { promise, resolve, fired: false };
      this.latches.set(name, latch);
    }
    return latch;
  }
}
