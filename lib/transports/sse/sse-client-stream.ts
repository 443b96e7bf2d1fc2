import type { IncomingMessage } from 'node:http';
import { TransportError } from '../../errors/transport.error.js';
import { isMessageEvent, readSseEvents, type SseReadOutcome } from '../shared/sse/sse-reader.js';
import type { ObservedReply } from '../shared/http/auth-exchange.js';
import { openEventStream, SseEventTooLargeError } from './sse-event-stream.js';

/** The `reason` of a `reconnect` event's data (`{"reason": "…"}`), if it has one. */
function reconnectReason(data: string): string | undefined {
  try {
    const reason = (JSON.parse(data) as { reason?: unknown } | null)?.reason;
    return typeof reason === 'string' ? reason : undefined;
  } catch {
    return data.trim() || undefined;
  }
}

/** The server asked the client to reconnect (a `reconnect` event). */
export class ReconnectRequestedError extends Error {
  constructor(readonly reason: string | undefined) {
    super(`The server asked to reconnect${reason ? ` (${reason})` : ''}`);
    this.name = 'ReconnectRequestedError';
  }
}

/** What one stream reports to its transport. */
export interface SseClientStreamCallbacks {
  /** The data of a `message` event (or of an event without a type). */
  onMessage(data: string): void;
  /** The server's `retry:` field, ms. */
  onRetry(ms: number): void;
  /**
   * A `reconnect` event (not in the spec; some servers send it before they drop the stream on
   * purpose), with the `reason` of its JSON data when there is one.
   */
  onReconnectRequest(reason: string | undefined): void;
  /**
   * The stream ended after its endpoint arrived, without {@link SseClientStream.close}: the
   * server closed it (no `error`) or the connection failed (`error`, possibly an
   * `SseEventTooLargeError`).
   */
  onEnd(error?: unknown): void;
}

/** Limits of one stream. */
export interface SseClientStreamSettings {
  endpointTimeoutMs: number;
  /** Bound on one event, in UTF-8 bytes. */
  maxMessageBytes: number;
}

/**
 * One GET connection of the legacy SSE client: opens the stream, waits for its `endpoint` event
 * (resolved against the SSE URL, refused on another origin), then hands on `message` events
 * until it ends; a `reconnect` event is handed on too. Other event types (`ping`, ...) are ignored.
 */
export class SseClientStream {
  private readonly abort = new AbortController();
  private endpoint?: URL;

  constructor(
    private readonly url: URL,
    private readonly settings: SseClientStreamSettings,
    private readonly callbacks: SseClientStreamCallbacks,
  ) {}

  /**
   * Connects and resolves with the endpoint URL, all within `endpointTimeoutMs`.
   * @throws TransportError `refused`, `http`, `protocol` (see `openEventStream`; also no
   *   endpoint in time, an invalid or foreign one) or `closed` (closed meanwhile).
   */
  async open(
    headers: Record<string, string>,
    observe?: (reply: ObservedReply) => void,
  ): Promise<URL> {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      this.abort.abort();
    }, this.settings.endpointTimeoutMs);
    try {
      const res = await openEventStream(this.url, headers, this.abort.signal, observe);
      return await this.awaitEndpoint(res);
    } catch (error) {
      if (!timedOut) throw error;
      const ms = this.settings.endpointTimeoutMs;
      throw new TransportError(`No endpoint event within ${ms} ms`, 'protocol', undefined, {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  private awaitEndpoint(res: IncomingMessage): Promise<URL> {
    return new Promise<URL>((resolve, reject) => {
      const fail = (error: Error) => {
        this.abort.abort();
        reject(error);
      };
      const onEvent = (type: string | undefined, data: string) => {
        if (type === 'endpoint') {
          if (this.endpoint) return; // the first endpoint of a stream is the one
          try {
            this.endpoint = this.resolveEndpoint(data);
          } catch (error) {
            fail(error as Error);
            return;
          }
          resolve(this.endpoint);
        } else if (type === 'reconnect' && this.endpoint) {
          this.callbacks.onReconnectRequest(reconnectReason(data));
        } else if (isMessageEvent({ event: type, data })) this.callbacks.onMessage(data);
      };
      void readSseEvents(
        res,
        { onEvent: (e) => onEvent(e.event, e.data), onRetry: (ms) => this.callbacks.onRetry(ms) },
        { maxEventBytes: this.settings.maxMessageBytes, signal: this.abort.signal },
      ).then((outcome) => this.ended(res, fail, this.failureOf(outcome)));
    });
  }

  /** The error an outcome of the reader stands for (undefined for a graceful end). */
  private failureOf(outcome: SseReadOutcome): unknown {
    if (outcome.kind === 'overflow')
      return new SseEventTooLargeError(this.settings.maxMessageBytes);
    if (outcome.kind === 'broken') return outcome.error;
    if (outcome.kind === 'aborted') return new Error('The SSE connection was aborted');
    return undefined;
  }

  /** Closes the connection (a legacy server then ends the session). Idempotent. */
  close(): void {
    this.abort.abort();
  }

  private ended(res: IncomingMessage, fail: (error: Error) => void, error?: unknown): void {
    res.destroy();
    if (!this.endpoint) {
      fail(
        this.abort.signal.aborted
          ? new TransportError('The SSE transport was closed', 'closed')
          : new TransportError(
              'The SSE stream ended before the endpoint event',
              'protocol',
              undefined,
              {
                cause: error,
              },
            ),
      );
    } else if (!this.abort.signal.aborted) {
      this.abort.abort();
      this.callbacks.onEnd(error);
    }
  }

  private resolveEndpoint(data: string): URL {
    let endpoint: URL;
    try {
      endpoint = new URL(data.trim(), this.url);
    } catch {
      throw new TransportError(`Invalid endpoint event: ${JSON.stringify(data)}`, 'protocol');
    }
    if (endpoint.origin !== this.url.origin) {
      throw new TransportError(
        `Refusing an endpoint on another origin: ${endpoint.origin}`,
        'protocol',
      );
    }
    return endpoint;
  }
}
