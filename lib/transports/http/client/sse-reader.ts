import { createParser } from 'eventsource-parser';

/** What {@link readSseBody} reports for one connection. */
export type SseReadOutcome =
  /** The server ended the response (graceful close). */
  | { kind: 'ended' }
  /** `shouldStop()` turned true; the body was cancelled. */
  | { kind: 'stopped' }
  /** The caller's signal aborted the fetch. */
  | { kind: 'aborted' }
  /** The connection broke mid-stream (reset, truncated chunk). */
  | { kind: 'broken'; error: unknown }
  /** One event grew past the size bound; the body was cancelled. */
  | { kind: 'overflow' };

/** Callbacks of {@link readSseBody}. */
export interface SseReadCallbacks {
  /** Data of a `message` event (or one without `event:`), never empty. */
  onMessage(data: string): void;
  /** An `id:` field (priming events included), in order. */
  onId(id: string): void;
  /** A valid `retry:` field, in milliseconds. */
  onRetry(ms: number): void;
  /** Checked between chunks; true cancels the body (e.g. the awaited response arrived). */
  shouldStop(): boolean;
}

/**
 * Reads one `text/event-stream` body with `eventsource-parser` until it ends, breaks, or the
 * caller stops it. Never throws; the reader is always released (cancelled when unfinished).
 * Events of other types (`ping`, `endpoint` ...) and empty data (priming events) are skipped.
 */
export async function readSseBody(
  body: ReadableStream<Uint8Array>,
  callbacks: SseReadCallbacks,
  options: { signal: AbortSignal; maxEventSize: number },
): Promise<SseReadOutcome> {
  let overflow = false;
  const parser = createParser({
    maxBufferSize: options.maxEventSize,
    onId: (id) => callbacks.onId(id),
    onRetry: (ms) => callbacks.onRetry(ms),
    onEvent: (event) => {
      // The parser bounds what it buffers across chunks; an event complete in one chunk is checked here.
      if (event.data.length > options.maxEventSize) overflow = true;
      if (overflow) return;
      if ((event.event === undefined || event.event === 'message') && event.data !== '') {
        callbacks.onMessage(event.data);
      }
    },
    // Unknown fields and invalid `retry` values are ignored, as the SSE standard says.
    onError: (error) => {
      if (error.type === 'max-buffer-size-exceeded') overflow = true;
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let finished = false;
  try {
    for (;;) {
      if (callbacks.shouldStop()) return { kind: 'stopped' };
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        // An event without its closing blank line is dropped at the end, as in EventSource.
        return { kind: 'ended' };
      }
      parser.feed(decoder.decode(value, { stream: true }));
      if (overflow) return { kind: 'overflow' };
    }
  } catch (error) {
    finished = true;
    return options.signal.aborted ? { kind: 'aborted' } : { kind: 'broken', error };
  } finally {
    if (!finished) reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
