import { Injectable } from '@nestjs/common';

/** What the server saw of one `wait_for_cancel` call, reported by `cancellation_status`. */
export interface CancellationRecord {
  /** The tool started running. */
  started: boolean;
  /** Its AbortSignal fired. */
  aborted: boolean;
  /** The abort reason's message, once aborted. */
  reason?: string;
}

/**
 * Server-side state of the matrix app, shared by its tools and resources: a counter (the
 * subscribable resource `matrix://counter`), the cancellation records that let a client observe,
 * over the protocol alone, that a tool's AbortSignal fired, and gates a client opens to let a
 * paused tool go on.
 */
@Injectable()
export class MatrixState {
  private count = 0;
  private readonly cancellations = new Map<string, CancellationRecord>();
  private readonly gates = new Map<string, { opened: Promise<void>; open: () => void }>();

  /** Current counter value. */
  get counter(): number {
    return this.count;
  }

  /** Adds `by` to the counter and returns the new value. */
  bump(by: number): number {
    this.count += by;
    return this.count;
  }

  /** Records that the call identified by `key` started. */
  started(key: string): void {
    this.cancellations.set(key, { started: true, aborted: false });
  }

  /** Records that the call identified by `key` saw its AbortSignal fire with `reason`. */
  aborted(key: string, reason: unknown): void {
    const message = reason instanceof Error ? reason.message : String(reason);
    this.cancellations.set(key, { started: true, aborted: true, reason: message });
  }

  /**
   * Resolves once the gate `key` is opened (either side may come first); rejects with the abort
   * reason when `signal` fires before.
   */
  passGate(key: string, signal: AbortSignal): Promise<void> {
    const { opened } = this.gate(key);
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      void opened.then(() => {
        signal.removeEventListener('abort', onAbort);
        this.gates.delete(key);
        resolve();
      });
    });
  }

  /** Opens the gate `key`. */
  openGate(key: string): void {
    this.gate(key).open();
  }

  /** The record of `key` (never started when unknown). */
  cancellation(key: string): CancellationRecord {
    return this.cancellations.get(key) ?? { started: false, aborted: false };
  }

  private gate(key: string) {
    let gate = this.gates.get(key);
    if (!gate) {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      gate = { opened, open };
      this.gates.set(key, gate);
    }
    return gate;
  }
}
