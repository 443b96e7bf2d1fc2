import { performance } from 'node:perf_hooks';
import { LinkedList, ListNode } from './linked-list.js';

/** One pending call of a {@link FixedDelayTimers}: keep it to cancel the call. */
export class DelayedCall extends ListNode<() => void> {
  constructor(
    callback: () => void,
    /** When it is due (`performance.now()` ms). */
    readonly due: number,
  ) {
    super(callback);
  }
}

/**
 * Timers that all wait the same `delayMs` (a per-request guard such as a body-read timeout or a
 * reply's switch to SSE), kept in one list in the order they were started, which is the order
 * they fall due in, behind one unref'd Node timer for the earliest. Starting one appends a node
 * and cancelling it unlinks it: per request that is a fraction of what a `setTimeout`, `unref`
 * and `clearTimeout` cost (about 3k instructions each time in Node 20, more when the delay's
 * timer list is made and dropped again each time). The Node timer is not cleared when a call is
 * cancelled: it fires once, finds nothing due and waits for the next call still pending, or stops.
 * Like an unref'd `setTimeout`, it does not keep the process alive.
 */
export class FixedDelayTimers {
  private readonly pending = new LinkedList<() => void>();
  private timer?: NodeJS.Timeout;

  /** @param delayMs how long each call waits (ms, > 0). */
  constructor(readonly delayMs: number) {}

  /** Calls `callback` once `delayMs` passed, unless {@link cancel} came first. */
  start(callback: () => void): DelayedCall {
    const call = new DelayedCall(callback, performance.now() + this.delayMs);
    this.pending.append(call);
    if (this.timer === undefined) this.arm(this.delayMs);
    return call;
  }

  /** Cancels a pending call (nothing when it ran or was cancelled already, or is undefined). */
  cancel(call: DelayedCall | undefined): void {
    if (call !== undefined) this.pending.remove(call);
  }

  /** Pending calls (tests). */
  get size(): number {
    return this.pending.size;
  }

  private arm(ms: number): void {
    this.timer = setTimeout(() => this.fire(), Math.max(1, Math.ceil(ms)));
    this.timer.unref();
  }

  private fire(): void {
    this.timer = undefined;
    const now = performance.now();
    const due: DelayedCall[] = [];
    let next = this.pending.first as DelayedCall | undefined;
    for (; next !== undefined && next.due <= now; next = this.pending.first as DelayedCall) {
      this.pending.remove(next);
      due.push(next);
    }
    if (next !== undefined) this.arm(next.due - now);
    for (const call of due) call.value();
  }
}
