import type { Writable } from 'node:stream';

/** Default bound on bytes queued while the output is backpressured: 16 MiB. */
export const DEFAULT_MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

/** Completion callback of one line: called once it was handed to the OS, or failed. */
export type LineWritten = (error?: Error) => void;

/** What a {@link JsonLineWriter} reports. */
export interface JsonLineWriterHandlers {
  /** The output became congested (`true`: `write()` returned false) or drained again (`false`). */
  congestion?(congested: boolean): void;
  /** The output failed, closed, or the queue bound was exceeded. Called once; the writer is closed. */
  failed(error: Error): void;
}

interface Queued {
  chunk: string;
  bytes: number;
  done?: LineWritten;
}

/**
 * Writes newline-delimited JSON text to a byte stream (a server's stdout, a child's stdin) and
 * respects backpressure: once `write()` returns false, lines wait in a bounded queue until
 * `'drain'`. A reader that stops reading cannot make the process buffer without bound: past
 * `maxBufferedBytes` the writer fails instead. Never throws because of I/O.
 */
export class JsonLineWriter {
  private queue: Queued[] = [];
  private queuedBytes = 0;
  private waitingForDrain = false;
  private inFlight = 0;
  private closedWith?: Error;
  private endRequested = false;
  private flushWaiters: Array<() => void> = [];

  /** @throws RangeError when `maxBufferedBytes` is not positive. */
  constructor(
    private readonly output: Writable,
    private readonly handlers: JsonLineWriterHandlers,
    readonly maxBufferedBytes: number = DEFAULT_MAX_BUFFERED_BYTES,
  ) {
    if (!(maxBufferedBytes > 0)) throw new RangeError('maxBufferedBytes must be > 0');
    output.on('drain', this.onDrain);
    output.on('error', this.onError);
    output.on('close', this.onClose);
  }

  /** True once the writer failed or was detached. */
  get closed(): boolean {
    return this.closedWith !== undefined;
  }

  /** True while the output is backpressured. */
  get congested(): boolean {
    return this.waitingForDrain;
  }

  /** Bytes waiting in this writer's queue. */
  get bufferedBytes(): number {
    return this.queuedBytes;
  }

  /**
   * Writes one line; `\n` is appended, so `line` must not contain one (serialised JSON never
   * does). Returns false when the writer is closed (then `done` gets the error).
   */
  writeLine(line: string, done?: LineWritten): boolean {
    if (this.closedWith) {
      done?.(this.closedWith);
      return false;
    }
    const chunk = `${line}\n`;
    if (!this.waitingForDrain) {
      this.writeNow(chunk, done);
      return true;
    }
    const bytes = Buffer.byteLength(chunk);
    if (this.queuedBytes + bytes > this.maxBufferedBytes) {
      done?.(new Error('Output buffer limit exceeded'));
      this.fail(
        new Error(
          `Output buffer limit of ${this.maxBufferedBytes} bytes exceeded: the peer is not reading`,
        ),
      );
      return false;
    }
    this.queue.push({ chunk, bytes, done });
    this.queuedBytes += bytes;
    return true;
  }

  /** Resolves once every line written so far was handed to the OS (or the writer closed). */
  flush(): Promise<void> {
    if (this.isFlushed()) return Promise.resolve();
    return new Promise((resolve) => this.flushWaiters.push(resolve));
  }

  /** Ends the output stream once the queue is written (a child's stdin: EOF). */
  end(): void {
    if (this.closedWith || this.endRequested) return;
    this.endRequested = true;
    if (this.queue.length === 0) this.output.end();
  }

  /** Stops using the output: queued lines are dropped, listeners removed. Idempotent. */
  detach(reason = new Error('Writer closed')): void {
    if (this.closedWith) return;
    this.closedWith = reason;
    this.output.off('drain', this.onDrain);
    this.output.off('error', this.onError);
    this.output.off('close', this.onClose);
    // Late errors (EPIPE after the peer left) must not become uncaught exceptions.
    this.output.on('error', ignore);
    const queue = this.queue;
    this.queue = [];
    this.queuedBytes = 0;
    for (const item of queue) item.done?.(reason);
    this.settleFlush(true);
  }

  private writeNow(chunk: string, done?: LineWritten): void {
    this.inFlight++;
    let accepted: boolean;
    try {
      accepted = this.output.write(chunk, (error) => this.onWritten(error ?? undefined, done));
    } catch (error) {
      this.inFlight--;
      const failure = error instanceof Error ? error : new Error(String(error));
      done?.(failure);
      this.fail(failure);
      return;
    }
    if (!accepted && !this.waitingForDrain) {
      this.waitingForDrain = true;
      this.handlers.congestion?.(true);
    }
  }

  private onWritten(error: Error | undefined, done?: LineWritten): void {
    this.inFlight--;
    done?.(error);
    if (error) this.fail(error);
    else this.settleFlush(false);
  }

  private isFlushed(): boolean {
    return this.closed || (this.inFlight === 0 && this.queue.length === 0);
  }

  private settleFlush(force: boolean): void {
    if (!force && !this.isFlushed()) return;
    const waiters = this.flushWaiters;
    this.flushWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private fail(error: Error): void {
    if (this.closedWith) return;
    this.detach(error);
    this.handlers.failed(error);
  }

  private readonly onDrain = (): void => {
    if (this.closedWith) return;
    this.waitingForDrain = false;
    let next: Queued | undefined;
    while (!this.waitingForDrain && !this.closedWith && (next = this.queue.shift())) {
      this.queuedBytes -= next.bytes;
      this.writeNow(next.chunk, next.done);
    }
    if (this.closedWith) return;
    if (this.queue.length === 0 && this.endRequested) this.output.end();
    if (!this.waitingForDrain) this.handlers.congestion?.(false);
  };

  private readonly onError = (error: Error): void => this.fail(error);

  private readonly onClose = (): void => {
    // After end() a close is the expected outcome, not a failure.
    if (this.endRequested) this.detach(new Error('Output ended'));
    else this.fail(new Error('Output stream closed'));
  };
}

function ignore(): void {}
