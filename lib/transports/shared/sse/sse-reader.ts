import { createParser } from 'eventsource-parser';
import { exceedsUtf8Bytes } from '../byte-size.js';

/** One event read from a `text/event-stream` body. */
export interface SseReadEvent {
  /** The `event:` type; undefined means the default, `message`. */
  event?: string;
  /** The data lines, joined with `\n` (`''` for a priming event). */
  data: string;
  /** The `id:` field, when the event carried one. */
  id?: string;
}

/** How {@link readSseEvents} finished with one body. */
export type SseReadOutcome =
  /** The server ended the body (graceful close). */
  | { kind: 'ended' }
  /** `shouldStop()` turned true; the body was cancelled. */
  | { kind: 'stopped' }
  /** The caller's signal aborted the connection. */
  | { kind: 'aborted' }
  /** The connection broke mid-stream (reset, truncated chunk). */
  | { kind: 'broken'; error: unknown }
  /** One event grew past the size bound; the body was cancelled. */
  | { kind: 'overflow' };

/** Callbacks of {@link readSseEvents}. */
export interface SseReadCallbacks {
  /** Every complete event, in order, whatever its type (priming events included). */
  onEvent(event: SseReadEvent): void;
  /**
   * The `id:` field of each dispatched event, in order (before the event itself). A block with an
   * `id:` but no `data:` line is not dispatched, so its id is not reported (MCP servers send ids on
   * events with data, priming events included: `id: x` + `data:`).
   */
  onId?(id: string): void;
  /** A valid `retry:` field, in milliseconds. */
  onRetry?(ms: number): void;
  /** Checked before each read; true cancels the body (e.g. the awaited response arrived). */
  shouldStop?(): boolean;
}

/** Limits of {@link readSseEvents}. */
export interface SseReadOptions {
  /** Bound on one event (UTF-8 bytes of its data; the parser's buffer is bounded alike). */
  maxEventBytes: number;
  /** The signal that aborts the connection: a failure after it fired reads as `aborted`. */
  signal?: AbortSignal;
}

/** True for an event of the default type (`message`, or no `event:` field). */
export function isMessageEvent(event: SseReadEvent): boolean {
  return event.event === undefined || event.event === 'message';
}

/**
 * The one SSE reader of the client transports: parses a `text/event-stream` body (a fetch
 * `ReadableStream` or a Node `IncomingMessage`: any async iterable of byte or text chunks) with
 * `eventsource-parser` until it ends, breaks, overflows or the caller stops it. Never throws;
 * an unfinished body is cancelled (the iterator's `return()`), which releases the connection.
 * An event without its closing blank line is dropped at the end, as in EventSource.
 */
export async function readSseEvents(
  body: AsyncIterable<Uint8Array | string>,
  callbacks: SseReadCallbacks,
  options: SseReadOptions,
): Promise<SseReadOutcome> {
  const limit = options.maxEventBytes;
  let overflow = false;
  const parser = createParser({
    maxBufferSize: limit,
    onRetry: (ms) => callbacks.onRetry?.(ms),
    onEvent: (event) => {
      if (event.id !== undefined) callbacks.onId?.(event.id);
      // The parser bounds what it buffers across chunks; an event complete in one chunk is checked here.
      if (!overflow && exceedsUtf8Bytes(event.data, limit)) overflow = true;
      if (!overflow) callbacks.onEvent(event);
    },
    // Unknown fields and invalid `retry` values are ignored, as the SSE standard says.
    onError: (error) => {
      if (error.type === 'max-buffer-size-exceeded') overflow = true;
    },
  });
  const chunks = body[Symbol.asyncIterator]();
  const decoder = new TextDecoder();
  let finished = false;
  try {
    for (;;) {
      if (callbacks.shouldStop?.()) return { kind: 'stopped' };
      const { done, value } = await chunks.next();
      if (done) {
        finished = true;
        return { kind: 'ended' };
      }
      parser.feed(typeof value === 'string' ? value : decoder.decode(value, { stream: true }));
      if (overflow) return { kind: 'overflow' };
    }
  } catch (error) {
    finished = true;
    return options.signal?.aborted ? { kind: 'aborted' } : { kind: 'broken', error };
  } finally {
    if (!finished) void chunks.return?.()?.catch(() => undefined);
  }
}
