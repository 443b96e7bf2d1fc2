import { Subject, type Observable, type Subscription } from 'rxjs';
import {
  type ClientSendOptions,
  type ClientTransport,
  type TransportAuthorization,
} from '../../../client/client-transport.interface.js';
import { TransportError } from '../../../errors/transport.error.js';
import {
  isJsonRpcRequest,
  type JsonRpcMessage,
  type RequestId,
} from '../../../protocol/json-rpc.js';
import type { StreamableHttpClientOptions } from './streamable-http-client.options.js';
import { StreamableHttpClientTransport } from './streamable-http-client.transport.js';

/** Statuses with which a server that predates Streamable HTTP refuses a POSTed `initialize`. */
const LEGACY_REFUSALS = new Set([400, 404, 405]);

/** True when `initialize` failed the way the spec says means "old HTTP+SSE server". */
export function isLegacyServerRefusal(error: unknown): boolean {
  return (
    error instanceof TransportError &&
    error.kind === 'http' &&
    LEGACY_REFUSALS.has(error.status ?? 0)
  );
}

/**
 * Tries one transport and, when the server refuses its `initialize` in a way `shouldFallBack`
 * recognises, switches for good to a second transport built on demand, re-sending `initialize`
 * through it. Both are plain {@link ClientTransport}s; the client sees one stream of messages.
 */
export class FallbackClientTransport implements ClientTransport {
  private readonly messages = new Subject<JsonRpcMessage>();
  private readonly errors = new Subject<Error>();
  private current: ClientTransport;
  private subscriptions: Subscription[] = [];
  private decided = false;
  private usingFallback = false;

  /** Messages of the transport in use; completes when it closes. */
  readonly messages$: Observable<JsonRpcMessage> = this.messages.asObservable();
  /** Non-fatal problems of the transport in use. */
  readonly errors$: Observable<Error> = this.errors.asObservable();

  /**
   * @param primary tried first (e.g. Streamable HTTP)
   * @param createFallback builds the second transport (e.g. legacy HTTP+SSE), not yet started
   * @param shouldFallBack decides from the error of the first `initialize`; default
   *   {@link isLegacyServerRefusal} (HTTP 400, 404 or 405)
   */
  constructor(
    primary: ClientTransport,
    private readonly createFallback: () => ClientTransport,
    private readonly shouldFallBack: (error: unknown) => boolean = isLegacyServerRefusal,
  ) {
    this.current = primary;
    this.follow(primary);
  }

  /** True once the fallback transport replaced the primary one. */
  get isFallback(): boolean {
    return this.usingFallback;
  }

  /** The transport in use. */
  get active(): ClientTransport {
    return this.current;
  }

  /** Starts the transport in use (the primary one until a fallback happened). */
  start(): Promise<void> {
    return this.current.start();
  }

  /** True when the transport in use sends per-message headers. */
  get usesRequestHeaders(): boolean {
    return this.current.usesRequestHeaders === true;
  }

  /** True once the legacy fallback (a legacy-only transport) is in use. */
  get legacyOnly(): boolean {
    return this.current.legacyOnly === true;
  }

  /** Sends through the transport in use; the first `initialize` may switch transports. */
  async send(message: JsonRpcMessage, options?: ClientSendOptions): Promise<void> {
    const probing = !this.decided && isJsonRpcRequest(message) && message.method === 'initialize';
    if (!probing) return this.current.send(message, options);
    try {
      await this.current.send(message, options);
    } catch (error) {
      if (!this.shouldFallBack(error)) throw error;
      await this.switchToFallback();
      this.decided = true;
      return this.current.send(message);
    }
    this.decided = true;
  }

  /** Sends a batch through the transport in use (one by one when it has no batches). */
  async sendBatch(messages: JsonRpcMessage[]): Promise<void> {
    const current = this.current;
    if (current.sendBatch) return current.sendBatch(messages);
    await Promise.all(messages.map((message) => current.send(message)));
  }

  /** The authorizations of the transport in use. */
  get authorization(): TransportAuthorization | undefined {
    return this.current.authorization;
  }

  /** Stops waiting for a reply on the transport in use (see {@link ClientTransport.abandonRequest}). */
  abandonRequest(id: RequestId): void {
    this.current.abandonRequest?.(id);
  }

  /** Passes the negotiated revision to the transport in use. */
  setProtocolVersion(version: string): void {
    this.current.setProtocolVersion?.(version);
  }

  /** Forgets the session of the transport in use (a no-op when it has no sessions). */
  resetSession(): void {
    this.current.resetSession?.();
  }

  /** Closes the transport in use and completes the streams. */
  async close(): Promise<void> {
    await this.current.close();
    this.unfollow();
    this.messages.complete();
    this.errors.complete();
  }

  private async switchToFallback(): Promise<void> {
    const primary = this.current;
    this.unfollow();
    await primary.close().catch(() => undefined);
    const fallback = this.createFallback();
    this.current = fallback;
    this.usingFallback = true;
    this.follow(fallback);
    await fallback.start();
  }

  private follow(transport: ClientTransport): void {
    this.subscriptions.push(
      transport.messages$.subscribe({
        next: (message) => this.messages.next(message),
        complete: () => this.messages.complete(),
      }),
      transport.errors$.subscribe((error) => this.errors.next(error)),
    );
  }

  private unfollow(): void {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    this.subscriptions = [];
  }
}

/** Options of {@link createStreamableHttpTransportWithFallback}. */
export interface StreamableHttpFallbackOptions extends StreamableHttpClientOptions {
  /**
   * Builds the legacy HTTP+SSE client transport (e.g. `(url) => new SseClientTransport(url)`),
   * used when the server refuses the POSTed `initialize` with 400, 404 or 405.
   */
  legacyTransport: (url: URL) => ClientTransport;
  /** URL of the legacy SSE endpoint. Default: the same URL (what the spec prescribes). */
  legacyUrl?: string | URL;
}

/**
 * A client transport for servers of either generation, as the spec's backwards-compatibility
 * section describes: Streamable HTTP first; when `initialize` gets 400, 404 or 405, the legacy
 * HTTP+SSE transport (GET the SSE endpoint, wait for `endpoint`, POST there).
 */
export function createStreamableHttpTransportWithFallback(
  url: string | URL,
  options: StreamableHttpFallbackOptions,
): FallbackClientTransport {
  const { legacyTransport, legacyUrl, ...httpOptions } = options;
  const primary = new StreamableHttpClientTransport(url, httpOptions);
  const sseUrl = new URL(legacyUrl ?? url);
  return new FallbackClientTransport(primary, () => legacyTransport(sseUrl));
}
