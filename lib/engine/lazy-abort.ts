/**
 * An `AbortController` made on the first read of its {@link signal}: a request whose signal
 * nobody reads (most calls end before anyone listens) costs no controller, signal or listener
 * (an `AbortController` with its `AbortSignal` costs several µs each in Node 20). An abort
 * before the first read is remembered: the signal is then made already aborted with that reason.
 */
export class LazyAbort {
  private controller?: AbortController;
  private abortedEarly = false;
  private earlyReason?: unknown;

  /** The signal, made on first read (aborted already when {@link abort} came first). */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.abortedEarly) this.controller.abort(this.earlyReason);
    }
    return this.controller.signal;
  }

  /** True once aborted; reads no signal (so makes none). */
  get aborted(): boolean {
    return this.controller ? this.controller.signal.aborted : this.abortedEarly;
  }

  /** Aborts the signal (or remembers the reason until it is read); later calls do nothing. */
  abort(reason?: unknown): void {
    if (this.controller) this.controller.abort(reason);
    else if (!this.abortedEarly) {
      this.abortedEarly = true;
      this.earlyReason = reason;
    }
  }
}
