import { TransportError } from '../../../errors/transport.error.js';
import type { HttpReplyLike } from '../../shared/http/http-reply-like.js';
import { isMessageEvent, readSseEvents } from '../../shared/sse/sse-reader.js';
import { reconnectDelay, type ResolvedReconnection } from './streamable-http-client.options.js';

/** What a followed stream needs from its transport. */
export interface FollowSseOptions {
  /** Names the stream in error messages ("the reply to request 3"). */
  label: string;
  /** Aborts everything: reading, waiting, reconnecting. */
  signal: AbortSignal;
  reconnection: ResolvedReconnection;
  /** Bound on one event, in UTF-8 bytes. */
  maxEventBytes: number;
  /** Opens `GET` (with `Last-Event-ID` when given); resolves with a 2xx SSE response or throws. */
  reconnect(lastEventId: string | undefined): Promise<HttpReplyLike>;
  /** Data of one `message` event. */
  onMessage(data: string): void;
  /** True once the stream has nothing more to deliver (its response arrived). */
  isDone(): boolean;
  /**
   * Reconnect even without an event id (a fresh standalone stream). Without it, a stream that
   * ends before {@link isDone} and carried no id cannot be resumed and fails.
   */
  reconnectWithoutId: boolean;
  /** Told when a connection starts being read (true) and when it ends (false). */
  onConnection?(connected: boolean): void;
}

/** How a followed stream finished without failing. */
export type FollowSseResult = 'done' | 'aborted';

/** Statuses worth another attempt; any other refusal of a reconnection is final. */
const RETRYABLE_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

function isRetryable(error: unknown): boolean {
  if (!(error instanceof TransportError)) return false;
  if (error.kind === 'http') return RETRYABLE_STATUSES.has(error.status ?? 0);
  return error.kind === 'refused' || error.kind === 'closed';
}

/** Waits `ms`, or less when the signal aborts; returns false when aborted. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Follows one logical SSE stream across connections (SEP-1699 polling and resumability): reads
 * the current connection; when it ends or breaks before {@link FollowSseOptions.isDone}, waits
 * the server's `retry` (or the initial delay), then reconnects with `GET` + `Last-Event-ID`.
 * Attempts that bring no new event count towards `maxAttempts`, with growing delays; any new
 * event resets the count. `first` is the response already in hand (a POST's stream); without
 * it, the first connection is opened at once.
 *
 * @throws TransportError when the stream cannot be resumed, a reconnection is refused for good
 *   (404 session gone, 405 ...), the attempts run out, or an event is too large.
 */
export async function followSseStream(
  first: HttpReplyLike | undefined,
  options: FollowSseOptions,
): Promise<FollowSseResult> {
  const { signal, reconnection } = options;
  let response = first;
  let lastEventId: string | undefined;
  let retryMs: number | undefined;
  let failures = 0;
  let lastProblem: unknown;
  let wait = first !== undefined;

  for (;;) {
    if (signal.aborted || options.isDone()) {
      await response?.body?.cancel().catch(() => undefined);
      return signal.aborted ? 'aborted' : 'done';
    }
    if (!response) {
      if (wait) {
        failures++;
        if (failures > reconnection.maxAttempts) {
          throw new TransportError(
            `${options.label}: gave up after ${reconnection.maxAttempts} reconnection attempts`,
            'closed',
            undefined,
            { cause: lastProblem },
          );
        }
        const delay = reconnectDelay(failures, retryMs, reconnection);
        if (!(await sleep(delay, signal))) return 'aborted';
        if (options.isDone()) return 'done';
      }
      wait = true;
      try {
        response = await options.reconnect(lastEventId);
      } catch (error) {
        if (signal.aborted) return 'aborted';
        if (!isRetryable(error)) throw error;
        lastProblem = error;
        continue;
      }
    }

    let progressed = false;
    options.onConnection?.(true);
    const outcome = await readSseEvents(
      response.body!,
      {
        onId: (id) => {
          progressed = true;
          lastEventId = id === '' ? undefined : id;
        },
        onRetry: (ms) => (retryMs = ms),
        onEvent: (event) => {
          if (!isMessageEvent(event) || event.data === '') return; // priming, pings ...
          progressed = true;
          options.onMessage(event.data);
        },
        shouldStop: () => options.isDone(),
      },
      { signal, maxEventBytes: options.maxEventBytes },
    );
    response = undefined;
    options.onConnection?.(false);
    if (outcome.kind === 'stopped') return 'done';
    if (outcome.kind === 'aborted') return 'aborted';
    if (outcome.kind === 'overflow') {
      throw new TransportError(
        `${options.label}: an SSE event exceeded ${options.maxEventBytes} bytes`,
        'protocol',
      );
    }
    if (options.isDone()) return 'done';
    if (progressed) failures = 0;
    lastProblem =
      outcome.kind === 'broken'
        ? outcome.error
        : new Error(`${options.label}: the server closed the stream`);
    if (lastEventId === undefined && !options.reconnectWithoutId) {
      throw new TransportError(
        `${options.label}: the stream ended before the response and cannot be resumed (no event id)`,
        'closed',
        undefined,
        { cause: lastProblem },
      );
    }
  }
}
