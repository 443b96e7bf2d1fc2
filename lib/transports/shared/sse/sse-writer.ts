import type { ServerResponse } from 'node:http';
import { encodeSseComment, encodeSseEvent, type SseEvent } from './sse-event.js';

/** Default interval between `: keepalive` comments, in milliseconds. */
export const SSE_DEFAULT_KEEP_ALIVE_MS = 15_000;

/** Default bound on bytes queued while the client is not reading (8 MiB). */
export const SSE_DEFAULT_MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/** Headers written by {@link SseWriter.open} before the caller's extra headers. */
export const SSE_RESPONSE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
});

/** Options of {@link SseWriter}. */
export interface SseWriterOptions {
  /** Interval of `: keepalive` comments in ms (default 15000); `0` disables them. */
  keepAliveMs?: number;
  /** Extra response headers (for example `Mcp-Session-Id`); they are applied after, and may override, the defaults. */
  headers?: Record<string, string>;
  /**
   * Bound on the bytes this writer queues while the socket is backpressured (default 8 MiB). An event that would
   * exceed it destroys the connection instead: a slow client cannot make the server buffer without bound.
   * Node's own socket buffer additionally holds at most the chunk whose write reported backpressure.
   */
  maxBufferedBytes?: number;
}

type State = 'idle' | 'open' | 'closed';

/**
 * Writes a `text/event-stream` response on a Node `ServerResponse`.
 *
 * Lifecycle: `idle` → {@link open} (status 200 + SSE headers, flushed) → `open` → {@link close}, client disconnect,
 * or backpressure overflow → `closed`. Once the client is gone every method is a silent no-op: nothing throws
 * because of I/O, and {@link send} returns `false`.
 */
export class SseWriter {
  private state: State = 'idle';
  private readonly keepAliveMs: number;
  private readonly maxBufferedBytes: number;
  private readonly extraHeaders: Record<string, string>;
  private keepAliveTimer: NodeJS.Timeout | undefined;
  private waitingForDrain = false;
  private queue: { chunk: string; bytes: number }[] = [];
  private queuedBytes = 0;
  private closeCallbacks: (() => void)[] = [];
  private drainWaiters: (() => void)[] = [];

  /**
   * @param res the response to stream on; the writer listens to its `close`, `error` and `drain` events.
   * @throws RangeError for a negative/non-finite `keepAliveMs` or a non-positive `maxBufferedBytes`.
   */
  constructor(
    private readonly res: ServerResponse,
    options: SseWriterOptions = {},
  ) {
    this.keepAliveMs = options.keepAliveMs ?? SSE_DEFAULT_KEEP_ALIVE_MS;
    this.maxBufferedBytes = options.maxBufferedBytes ?? SSE_DEFAULT_MAX_BUFFERED_BYTES;
    this.extraHeaders = { ...options.headers };
    if (!Number.isFinite(this.keepAliveMs) || this.keepAliveMs < 0) {
      throw new RangeError('keepAliveMs must be a finite number >= 0');
    }
    if (!(this.maxBufferedBytes > 0)) throw new RangeError('maxBufferedBytes must be > 0');
    res.on('close', this.onResponseGone);
    // An 'error' listener keeps late socket errors (EPIPE, ECONNRESET) from becoming uncaught exceptions.
    res.on('error', this.onResponseGone);
    res.on('drain', this.onDrain);
    if (this.responseGone()) this.markClosed();
  }

  /** True once the stream ended: {@link close} was called, the client went away, or the buffer bound was hit. */
  get closed(): boolean {
    return this.state === 'closed';
  }

  /** True once the stream was opened (by {@link open} or a first {@link send}), even if closed since. */
  get started(): boolean {
    return this.state !== 'idle';
  }

  /** Bytes currently queued by this writer, waiting for the socket to drain. */
  get bufferedBytes(): number {
    return this.queuedBytes;
  }

  /**
   * Writes status 200 and the SSE headers ({@link SSE_RESPONSE_HEADERS} plus `headers`), flushes them, and starts
   * the keep-alive timer. Idempotent. Returns whether the stream is open (false when the client is already gone).
   * @throws when the response's headers were already sent by someone else (a programming error).
   */
  open(): boolean {
    if (this.state !== 'idle') return this.state === 'open';
    if (this.responseGone()) {
      this.markClosed();
      return false;
    }
    this.res.writeHead(200, { ...SSE_RESPONSE_HEADERS, ...this.extraHeaders });
    this.res.flushHeaders();
    this.state = 'open';
    if (this.keepAliveMs > 0) {
      this.keepAliveTimer = setInterval(this.onKeepAlive, this.keepAliveMs);
      this.keepAliveTimer.unref();
    }
    return true;
  }

  /**
   * Writes one event (see {@link encodeSseEvent}), opening the stream first if needed. While the socket is
   * backpressured the event is queued. Returns false when the stream is closed or this event overflowed the
   * buffer bound (which closes it); true when the event was written or queued.
   * @throws TypeError/RangeError from {@link encodeSseEvent} for a malformed event on an open stream.
   */
  send(e: SseEvent): boolean {
    if (this.state === 'closed') return false;
    return this.write(encodeSseEvent(e));
  }

  /** Writes an SSE comment (ignored by clients). Same return value as {@link send}. */
  sendComment(text: string): boolean {
    if (this.state === 'closed') return false;
    return this.write(encodeSseComment(text));
  }

  /**
   * Resolves once everything written so far has been handed to the socket (no backpressure), or
   * the stream closed. A writer of many events (a replay) awaits it after each event, so a backlog
   * of any size reaches a client that reads instead of overflowing {@link SseWriterOptions.maxBufferedBytes}.
   */
  writable(): Promise<void> {
    if (this.state === 'closed' || !this.waitingForDrain) return Promise.resolve();
    return new Promise((resolve) => this.drainWaiters.push(resolve));
  }

  /**
   * Registers `cb`, called once when the stream closes for any reason (client gone, {@link close}, overflow).
   * Called immediately when already closed. Returns a function that unregisters it.
   */
  onClose(cb: () => void): () => void {
    if (this.state === 'closed') {
      cb();
      return () => undefined;
    }
    this.closeCallbacks.push(cb);
    return () => {
      this.closeCallbacks = this.closeCallbacks.filter((c) => c !== cb);
    };
  }

  /**
   * Ends the stream: hands queued events to Node, ends the response, stops the keep-alive. Idempotent.
   * Before {@link open} it leaves the response untouched (the caller still owns it and may answer with an error).
   */
  close(): void {
    if (this.state === 'closed') return;
    if (this.state === 'open' && !this.responseGone()) {
      try {
        for (const { chunk } of this.queue) this.res.write(chunk);
        this.res.end();
      } catch {
        this.res.destroy();
      }
    }
    this.markClosed();
  }

  private write(chunk: string): boolean {
    if (this.state === 'idle' && !this.open()) return false;
    if (this.waitingForDrain) {
      const bytes = Buffer.byteLength(chunk);
      if (this.queuedBytes + bytes > this.maxBufferedBytes) {
        this.res.destroy();
        this.markClosed();
        return false;
      }
      this.queue.push({ chunk, bytes });
      this.queuedBytes += bytes;
      return true;
    }
    return this.writeNow(chunk);
  }

  private writeNow(chunk: string): boolean {
    try {
      if (!this.res.write(chunk)) this.waitingForDrain = true;
      return true;
    } catch {
      this.res.destroy();
      this.markClosed();
      return false;
    }
  }

  private responseGone(): boolean {
    // `socket` is null while a pipelined response waits for its turn: not gone.
    return this.res.destroyed || this.res.writableEnded || this.res.socket?.destroyed === true;
  }

  private markClosed(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    if (this.keepAliveTimer !== undefined) clearInterval(this.keepAliveTimer);
    this.keepAliveTimer = undefined;
    this.queue = [];
    this.queuedBytes = 0;
    this.res.off('drain', this.onDrain);
    this.releaseDrainWaiters();
    const callbacks = this.closeCallbacks;
    this.closeCallbacks = [];
    for (const cb of callbacks) {
      try {
        cb();
      } catch (err) {
        // Keep the remaining callbacks running and close() non-throwing; surface the error like an emitter would.
        queueMicrotask(() => {
          throw err;
        });
      }
    }
  }

  private readonly onResponseGone = (): void => {
    this.markClosed();
  };

  private readonly onDrain = (): void => {
    this.waitingForDrain = false;
    let next: { chunk: string; bytes: number } | undefined;
    while (this.state === 'open' && !this.waitingForDrain && (next = this.queue.shift())) {
      this.queuedBytes -= next.bytes;
      this.writeNow(next.chunk);
    }
    if (!this.waitingForDrain) this.releaseDrainWaiters();
  };

  private releaseDrainWaiters(): void {
    const waiters = this.drainWaiters;
    this.drainWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private readonly onKeepAlive = (): void => {
    // A backpressured connection already has bytes pending; a keep-alive would add nothing.
    if (this.state === 'open' && !this.waitingForDrain)
      this.writeNow(encodeSseComment('keepalive'));
  };
}
