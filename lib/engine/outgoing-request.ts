import type { JsonRpcNotification, RequestId } from '../protocol/json-rpc.js';
import { RequestCancelledError } from '../errors/request-cancelled.error.js';
import { RequestTimeoutError } from '../errors/request-timeout.error.js';
import type { OutgoingRequestOptions, ProgressUpdate } from './json-rpc-peer.interface.js';

/** Book-keeping of one outgoing request: its timers, abort listener and settlement. */
export class OutgoingRequest {
  settled = false;
  private timer?: NodeJS.Timeout;
  private readonly startedAt = Date.now();
  private readonly onAbort?: () => void;

  constructor(
    readonly id: RequestId,
    readonly method: string,
    private readonly options: OutgoingRequestOptions,
    private readonly timeoutMs: number,
    private readonly resolve: (result: Record<string, unknown>) => void,
    private readonly reject: (error: unknown) => void,
    private readonly abandon: (reason: RequestTimeoutError | RequestCancelledError) => void,
  ) {
    const signal = options.signal;
    if (signal?.aborted) {
      this.settle();
      reject(new RequestCancelledError(method, id, signal.reason));
      return;
    }
    if (signal) {
      this.onAbort = () => this.giveUp(new RequestCancelledError(method, id, signal.reason));
      signal.addEventListener('abort', this.onAbort, { once: true });
    }
    this.arm(timeoutMs);
  }

  /** True when the peer is not told of a timeout or cancellation (`options.quiet`). */
  get quiet(): boolean {
    return this.options.quiet === true;
  }

  /** The peer answered with a result. */
  succeed(result: Record<string, unknown>): void {
    if (this.settle()) this.resolve(result);
  }

  /** The peer answered with an error, or the connection closed. */
  fail(error: unknown): void {
    if (this.settle()) this.reject(error);
  }

  /** Cancelled by the caller (not through its signal). */
  cancel(reason?: unknown): void {
    this.giveUp(new RequestCancelledError(this.method, this.id, reason));
  }

  /** Progress arrived for this request. */
  progress(update: ProgressUpdate): void {
    if (this.settled) return;
    if (this.options.resetTimeoutOnProgress) {
      const max = this.options.maxTotalTimeoutMs ?? Number.POSITIVE_INFINITY;
      const left = max - (Date.now() - this.startedAt);
      this.arm(Math.min(this.timeoutMs, left));
    }
    try {
      this.options.onProgress?.({
        progress: update.progress,
        total: update.total,
        message: update.message,
      });
    } catch {
      // a throwing progress callback must not break the conversation
    }
  }

  /** A notification the transport related to this request arrived. */
  notified(notification: JsonRpcNotification): void {
    if (this.settled) return;
    try {
      this.options.onRelatedNotification?.(notification);
    } catch {
      // a throwing callback must not break the conversation
    }
  }

  private arm(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    if (!Number.isFinite(ms)) return;
    this.timer = setTimeout(
      () => this.giveUp(new RequestTimeoutError(this.method, this.id, this.timeoutMs)),
      Math.max(0, ms),
    );
  }

  private giveUp(reason: RequestTimeoutError | RequestCancelledError): void {
    if (!this.settle()) return;
    this.abandon(reason);
    this.reject(reason);
  }

  private settle(): boolean {
    if (this.settled) return false;
    this.settled = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.onAbort) this.options.signal?.removeEventListener('abort', this.onAbort);
    return true;
  }
}
