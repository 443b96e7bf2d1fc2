import { Subject, type Observable } from 'rxjs';
import { type ClientTransport } from '../../client/client-transport.interface.js';
import { TransportError } from '../../errors/transport.error.js';
import { parseJson, toJsonRpcMessage, type JsonRpcMessage } from '../../protocol/json-rpc.js';
import {
  resolveSseClientOptions,
  type ResolvedSseClientOptions,
  type SseClientTransportOptions,
  type SseClientReconnectionOptions,
} from './sse-client.options.js';
import { ReconnectRequestedError, SseClientStream } from './sse-client-stream.js';
import { SseEventTooLargeError } from './sse-event-stream.js';
import { postJsonRpcMessage } from './sse-post.js';
import { exchangeWithAuth } from '../shared/http/auth-exchange.js';

type State = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

/**
 * Client side of the legacy HTTP+SSE transport (protocol 2024-11-05): a GET stream carries
 * server-to-client messages; its first event, `endpoint`, names the URL each client message is
 * POSTed to. Unknown event types (`ping`, ...) are ignored; invalid `message` data goes to
 * `errors$`.
 *
 * Reconnection: a dropped stream is re-opened with a bounded exponential backoff. A server that
 * announces the same endpoint again kept the session, and the client carries on. A server that
 * announces a new endpoint started a new, uninitialized session: the old one, its subscriptions
 * and its pending requests are gone, so the transport closes (a `TransportError` `closed` on
 * `errors$`, then `messages$` completes and the McpClient fails its pending calls) instead of
 * talking to a session nobody initialized. Connect a new client to continue.
 *
 * A `reconnect` event (not part of any MCP revision; some servers send it, optionally with
 * `{"reason": "…"}`, before they drop the stream on purpose) closes the stream and reconnects at
 * once, skipping the first delay; the outcome follows the rules above. With `reconnection: false`
 * the transport closes instead, its error naming the reason. Our server never sends one.
 * @example
 * ```ts
 * const transport = new SseClientTransport('http://127.0.0.1:3000/sse', {
 *   headers: { authorization: `Bearer ${token}` },
 * });
 * const client = new McpClient({ transport });
 * await client.connect();
 * ```
 */
export class SseClientTransport implements ClientTransport {
  private readonly messages = new Subject<JsonRpcMessage>();
  private readonly errors = new Subject<Error>();
  private readonly url: URL;
  private readonly options: ResolvedSseClientOptions;
  private state: State = 'idle';
  private endpoint?: URL;
  private stream?: SseClientStream;
  private protocolVersion?: string;
  private retryMs?: number;
  private readonly posts = new AbortController();
  private reconnecting?: Promise<void>;
  private wake?: () => void;
  /** A `reconnect` event that came before the stream was open (acted on once it is). */
  private pendingReconnect?: { reason: string | undefined } | undefined;

  /** {@inheritDoc ClientTransport.messages$} */
  readonly messages$: Observable<JsonRpcMessage> = this.messages.asObservable();
  /** {@inheritDoc ClientTransport.errors$} */
  readonly errors$: Observable<Error> = this.errors.asObservable();
  /** The 2024-11-05 transport has no 2026-07-28 binding: the client always initializes. */
  readonly legacyOnly = true;

  /**
   * @param url the SSE endpoint (`http:` or `https:`), e.g. `http://127.0.0.1:3000/sse`.
   * @throws TypeError for another scheme.
   */
  constructor(url: string | URL, options: SseClientTransportOptions = {}) {
    this.url = new URL(url);
    if (this.url.protocol !== 'http:' && this.url.protocol !== 'https:') {
      throw new TypeError(`SSE URL must be http: or https:, got ${this.url.protocol}`);
    }
    this.options = resolveSseClientOptions(options);
  }

  /** The URL messages are POSTed to (known once started). */
  get endpointUrl(): URL | undefined {
    return this.endpoint;
  }

  /**
   * Opens the stream and waits for the `endpoint` event. After a failure, `start()` may be retried.
   * @throws TransportError `refused` (no connection), `http` (non-2xx GET), `protocol` (not an
   *   event stream; no, an invalid or a foreign-origin endpoint), `closed` (closed meanwhile).
   */
  async start(): Promise<void> {
    if (this.state === 'closed') throw new TransportError('The SSE transport is closed', 'closed');
    if (this.state !== 'idle') {
      throw new TransportError('The SSE transport is already started', 'protocol');
    }
    this.state = 'connecting';
    try {
      this.endpoint = await this.connect();
      if (this.state !== 'connecting')
        throw new TransportError('The SSE transport was closed', 'closed');
      this.opened();
    } catch (error) {
      if (this.state === 'connecting') this.state = 'idle';
      throw error;
    }
  }

  /**
   * POSTs one message to the endpoint (waiting while the stream reconnects).
   * @throws TransportError `http` with the status for a non-2xx answer, `refused` when the server
   *   cannot be reached, `closed` when the transport is (or gets) closed.
   */
  async send(message: JsonRpcMessage): Promise<void> {
    if (this.state === 'reconnecting') await this.reconnecting;
    const endpoint = this.endpoint;
    if (this.state !== 'open' || !endpoint) {
      const what = this.state === 'closed' ? 'closed' : 'not started';
      throw new TransportError(`The SSE transport is ${what}`, 'closed');
    }
    const base = await this.customHeaders();
    await exchangeWithAuth(this.options.auth, 'POST', endpoint, (auth, observe) =>
      postJsonRpcMessage(endpoint, withAuth(base, auth), message, this.posts.signal, observe),
    );
  }

  /** Closes the stream (the server ends the session), aborts POSTs in flight, completes the streams. */
  async close(): Promise<void> {
    this.shutdown();
  }

  /** Sent as `MCP-Protocol-Version` on later requests (ignored by 2024-11-05 servers). */
  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
  }

  private async customHeaders(): Promise<Record<string, string>> {
    const { headers } = this.options;
    const base = typeof headers === 'function' ? await headers() : headers;
    return this.protocolVersion ? { ...base, 'mcp-protocol-version': this.protocolVersion } : base;
  }

  /** Opens a new stream (replacing the previous one) and resolves with its endpoint. */
  private async connect(): Promise<URL> {
    this.stream?.close();
    const stream = new SseClientStream(this.url, this.options, {
      onMessage: (data) => this.deliver(data),
      onRetry: (ms) => (this.retryMs = ms),
      onEnd: (error) => {
        if (this.stream === stream) this.streamLost(error);
      },
      onReconnectRequest: (reason) => {
        if (this.stream !== stream) return;
        if (this.state === 'open') this.reconnectNow(reason);
        else this.pendingReconnect = { reason };
      },
    });
    this.stream = stream;
    const base = await this.customHeaders();
    return exchangeWithAuth(this.options.auth, 'GET', this.url, (auth, observe) =>
      stream.open(withAuth(base, auth), observe),
    );
  }

  private deliver(data: string): void {
    let message: JsonRpcMessage;
    try {
      message = toJsonRpcMessage(parseJson(data));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.errors.next(
        new TransportError(`Ignored an invalid message event: ${reason}`, 'protocol', undefined, {
          cause: error,
        }),
      );
      return;
    }
    this.messages.next(message);
  }

  /** The stream is open (again); a `reconnect` event that came meanwhile is acted on now. */
  private opened(): void {
    this.state = 'open';
    const pending = this.pendingReconnect;
    this.pendingReconnect = undefined;
    if (pending) this.reconnectNow(pending.reason);
  }

  /** The server asked for a reconnection: drop the stream and reconnect without waiting. */
  private reconnectNow(reason: string | undefined): void {
    this.stream?.close();
    this.streamLost(new ReconnectRequestedError(reason), true);
  }

  /** The stream ended; `now` skips the first delay (the server asked for the reconnection). */
  private streamLost(error: unknown, now = false): void {
    if (this.state !== 'open') return;
    if (error instanceof SseEventTooLargeError) {
      this.shutdown(new TransportError(error.message, 'protocol', undefined, { cause: error }));
    } else if (!this.options.reconnection) {
      const why = error instanceof ReconnectRequestedError ? `: ${error.message}` : '';
      this.shutdown(
        new TransportError(`The SSE stream was closed${why}`, 'closed', undefined, {
          cause: error,
        }),
      );
    } else {
      this.state = 'reconnecting';
      const reconnecting = this.reconnect(this.options.reconnection, now).finally(() => {
        if (this.reconnecting === reconnecting) this.reconnecting = undefined;
      });
      this.reconnecting = reconnecting;
    }
  }

  private async reconnect(
    settings: Required<SseClientReconnectionOptions>,
    now: boolean,
  ): Promise<void> {
    const serverDelay = this.options.fixedInitialDelay ? undefined : this.retryMs;
    const base = serverDelay ?? settings.initialDelayMs;
    let lastError: unknown;
    for (let attempt = 0; attempt < settings.maxAttempts; attempt++) {
      if (this.state !== 'reconnecting') return;
      if (attempt > 0 || !now) await this.sleep(Math.min(settings.maxDelayMs, base * 2 ** attempt));
      if (this.state !== 'reconnecting') return;
      let endpoint: URL;
      try {
        endpoint = await this.connect();
      } catch (error) {
        lastError = error;
        continue;
      }
      if (this.state !== 'reconnecting') return;
      if (endpoint.href === this.endpoint?.href) {
        this.opened(); // the server kept the session
        return;
      }
      this.shutdown(
        new TransportError(
          'The SSE stream dropped and the server started a new session: the old session and its ' +
            'pending requests are lost; connect a new client',
          'closed',
        ),
      );
      return;
    }
    this.shutdown(
      new TransportError(
        `The SSE stream dropped; ${settings.maxAttempts} reconnection attempt(s) failed`,
        'closed',
        undefined,
        { cause: lastError },
      ),
    );
  }

  /** Waits `ms`, or less when the transport closes meanwhile. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private shutdown(error?: Error): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.wake?.();
    this.stream?.close();
    this.posts.abort();
    if (error) this.errors.next(error);
    this.messages.complete();
    this.errors.complete();
  }
}

/** The user's headers with those of the `auth` option on top (names compared case-insensitively). */
function withAuth(
  base: Record<string, string>,
  auth: Record<string, string>,
): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) merged[name.toLowerCase()] = value;
  for (const [name, value] of Object.entries(auth)) merged[name.toLowerCase()] = value;
  return merged;
}
