import { Subject, type Observable } from 'rxjs';
import {
  type ClientSendOptions,
  type ClientTransport,
  type TransportAuthorization,
} from '../../../client/client-transport.interface.js';
import { relateToRequest } from '../../../engine/related-request.js';
import { McpAuthError } from '../../../errors/mcp-auth.error.js';
import { TransportError } from '../../../errors/transport.error.js';
import type { HttpReplyLike } from '../../shared/http/http-reply-like.js';
import {
  isJsonRpcRequest,
  type JsonRpcMessage,
  type JsonRpcRequest,
  type RequestId,
} from '../../../protocol/json-rpc.js';
import {
  discardBody,
  fetchFailure,
  httpError,
  httpErrorReply,
  mediaTypeOf,
  parseReply,
  readTextLimited,
} from '../../shared/http/http-reply.js';
import { McpHttpEndpoint } from './mcp-http-endpoint.js';
import { HeadersProviderError } from './request-headers.js';
import { followSseStream } from './resumable-sse-stream.js';
import { StandaloneSseStream } from './standalone-sse-stream.js';
import {
  resolveStreamableHttpClientOptions,
  type ResolvedStreamableHttpClientOptions,
  type StreamableHttpClientOptions,
} from './streamable-http-client.options.js';

/** The requests of one POST (one, or a batch's) and the abort switch of its HTTP exchange. */
interface PendingExchange {
  controller: AbortController;
  /** Requests of the POST still without a response (or not given up by the caller). */
  waiting: number;
}

/**
 * Client side of the Streamable HTTP transport (2025-03-26 … 2025-11-25): POSTs every message,
 * reads JSON or SSE replies, keeps the `Mcp-Session-Id` of the `initialize` reply and sends
 * `MCP-Protocol-Version`, opens the optional standalone GET stream after initialization, resumes
 * dropped streams with `GET` + `Last-Event-ID` after the server's `retry`, and DELETEs the session
 * on {@link close}. Failures reject `send()` with a {@link TransportError}: `refused` (nothing
 * listens), `http` (non-2xx; 404 means the session ended), `closed` (connection lost),
 * `protocol` (a reply that is not JSON-RPC). Problems that fail no call (a garbage SSE event, a
 * refused standalone stream) go to {@link errors$}.
 *
 * @example
 * const client = new McpClient({
 *   transport: new StreamableHttpClientTransport('http://127.0.0.1:3000/mcp', {
 *     headers: async () => ({ authorization: `Bearer ${await tokens.get()}` }),
 *   }),
 * });
 */
export class StreamableHttpClientTransport implements ClientTransport {
  private readonly endpoint: McpHttpEndpoint;
  private readonly options: ResolvedStreamableHttpClientOptions;
  private readonly messages = new Subject<JsonRpcMessage>();
  private readonly errors = new Subject<Error>();
  private readonly controllers = new Set<AbortController>();
  private readonly exchanges = new Map<RequestId, PendingExchange>();
  private readonly standalone: StandaloneSseStream;
  private closed = false;

  /** Sends the 2026-07-28 request headers the client computes per message. */
  readonly usesRequestHeaders = true;
  /** Messages from the server, in arrival order; completes on {@link close}. */
  readonly messages$: Observable<JsonRpcMessage> = this.messages.asObservable();
  /** Non-fatal problems: invalid SSE events, a failed standalone stream or session DELETE. */
  readonly errors$: Observable<Error> = this.errors.asObservable();

  /** @throws TypeError when `url` is not an http(s) URL; RangeError for invalid options. */
  constructor(url: string | URL, options: StreamableHttpClientOptions = {}) {
    const endpoint = new URL(url);
    if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') {
      throw new TypeError(`StreamableHttpClientTransport needs an http(s) URL, got ${endpoint}`);
    }
    this.options = resolveStreamableHttpClientOptions(options);
    this.endpoint = new McpHttpEndpoint(endpoint, this.options);
    this.standalone = new StandaloneSseStream({
      endpoint: this.endpoint,
      options: this.options,
      deliver: (data, label) => this.deliverData(data, label),
      report: (error) => this.errors.next(error),
    });
  }

  /** The MCP endpoint. */
  get url(): URL {
    return this.endpoint.url;
  }

  /** The authorizations the `auth` option ran (the client's probe clock leaves them out). */
  get authorization(): TransportAuthorization {
    return this.endpoint.authorization;
  }

  /** The session id the server assigned in its `initialize` reply, if any. */
  get sessionId(): string | undefined {
    return this.endpoint.sessionId;
  }

  /** True while the standalone GET stream is connected (server notifications can arrive). */
  get hasStandaloneStream(): boolean {
    return this.standalone.isConnected;
  }

  /** Nothing to open ahead of time over HTTP; fails only when the transport was closed. */
  async start(): Promise<void> {
    if (this.closed) throw new TransportError('Transport closed; create a new one', 'closed');
  }

  /**
   * POSTs one message (with `options.headers`, the 2026-07-28 request headers); for a request,
   * resolves once its reply (JSON or stream) is consumed.
   */
  async send(message: JsonRpcMessage, options?: ClientSendOptions): Promise<void> {
    if (this.closed) throw new TransportError('The transport is closed', 'closed');
    if (isJsonRpcRequest(message)) {
      const what = `POST ${message.method} (id ${message.id})`;
      return this.sendRequests(message, [message], what, options?.headers);
    }
    const method = 'method' in message ? message.method : 'response';
    const controller = this.track();
    try {
      const what = `POST ${method}`;
      const response = await this.endpoint.post(message, controller.signal, what, options?.headers);
      if (!response.ok) throw await httpError(response, `POST ${method}`);
      await discardBody(response);
    } catch (error) {
      throw this.failure(error, `POST ${method}`);
    } finally {
      this.controllers.delete(controller);
      if (method === 'notifications/cancelled') this.abandon(message);
    }
    if (method === 'notifications/initialized' && this.options.standaloneStream && !this.closed) {
      this.standalone.open();
    }
  }

  /**
   * POSTs several messages as one JSON-RPC batch (protocol 2025-03-26 only; the client decides).
   * Resolves once every request of the batch is answered, whether the reply is a JSON array or
   * an SSE stream; a batch of notifications and responses only gets 202.
   */
  async sendBatch(messages: JsonRpcMessage[]): Promise<void> {
    if (this.closed) throw new TransportError('The transport is closed', 'closed');
    const requests = messages.filter(isJsonRpcRequest);
    const what = `POST batch (${messages.length} messages)`;
    if (requests.length > 0) return this.sendRequests(messages, requests, what);
    const controller = this.track();
    try {
      const response = await this.endpoint.post(messages, controller.signal, what);
      if (!response.ok) throw await httpError(response, what);
      await discardBody(response);
    } catch (error) {
      throw this.failure(error, what);
    } finally {
      this.controllers.delete(controller);
    }
  }

  /** Sends `MCP-Protocol-Version: version` on every later request. */
  setProtocolVersion(version: string): void {
    this.endpoint.protocolVersion = version;
  }

  /** Forgets the session (after a 404) so the next `initialize` starts a new one. */
  resetSession(): void {
    this.endpoint.sessionId = undefined;
    this.endpoint.protocolVersion = undefined;
    this.standalone.stop();
  }

  /**
   * DELETEs the session (405 is fine), aborts every exchange still open, destroys the
   * transport's own keep-alive sockets and completes the streams. The DELETE goes first: the
   * server then ends the session's streams itself. (With a user `fetch`, aborting a streaming
   * fetch first made undici open a spare connection a closing Node server waited 4 s on.)
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const deleteError = await this.endpoint.deleteSession();
    for (const controller of this.controllers) controller.abort();
    this.controllers.clear();
    this.standalone.stop();
    this.endpoint.close();
    if (deleteError) this.errors.next(deleteError);
    this.messages.complete();
    this.errors.complete();
  }

  /**
   * POSTs `body` (one request with its 2026-07-28 `headers`, or a batch holding `requests`) and
   * reads the reply.
   */
  private async sendRequests(
    body: JsonRpcMessage | JsonRpcMessage[],
    requests: JsonRpcRequest[],
    what: string,
    headers?: Readonly<Record<string, string>>,
  ): Promise<void> {
    const exchange: PendingExchange = { controller: this.track(), waiting: requests.length };
    for (const request of requests) this.exchanges.set(request.id, exchange);
    try {
      const response = await this.endpoint.post(body, exchange.controller.signal, what, headers);
      if (!response.ok && headers) {
        // 2026-07-28 servers answer refusals (-32020, -32022, -32601 ...) with 4xx + JSON-RPC.
        const reply = await httpErrorReply(response, what, requests[0]!.id);
        if (reply instanceof TransportError) throw reply;
        return this.deliver(reply);
      }
      if (!response.ok) throw await httpError(response, what);
      const initialize = !Array.isArray(body) && requests[0]!.method === 'initialize';
      if (initialize && !this.endpoint.adoptSession(response)) {
        this.errors.next(
          new TransportError('Ignored an invalid Mcp-Session-Id header', 'protocol'),
        );
      }
      // One request's reply stream: what comes on it was sent for that request.
      const related = Array.isArray(body) ? undefined : requests[0]!.id;
      await this.readReply(response, exchange, what, related);
    } catch (error) {
      // Cancelled by the caller (notifications/cancelled): nothing more to deliver.
      if (exchange.controller.signal.aborted && !this.closed) return;
      throw this.failure(error, what);
    } finally {
      for (const request of requests) this.exchanges.delete(request.id);
      this.controllers.delete(exchange.controller);
    }
    if (this.closed && exchange.waiting > 0) throw new TransportError(`${what}: closed`, 'closed');
  }

  private async readReply(
    response: HttpReplyLike,
    exchange: PendingExchange,
    what: string,
    related?: RequestId,
  ) {
    const type = mediaTypeOf(response);
    if (response.status === 202) return discardBody(response);
    if (type === 'application/json') {
      const text = await readTextLimited(response, this.options.maxMessageBytes);
      for (const message of parseReply(text, `the reply to ${what}`)) this.deliver(message);
      return;
    }
    if (type === 'text/event-stream') {
      const label = `the reply to ${what}`;
      const signal = exchange.controller.signal;
      await followSseStream(response, {
        label,
        signal,
        reconnection: this.options.reconnection,
        maxEventBytes: this.options.maxMessageBytes,
        reconnect: (lastEventId) => this.endpoint.get(lastEventId, signal),
        onMessage: (data) => this.deliverData(data, label, related),
        isDone: () => exchange.waiting === 0,
        reconnectWithoutId: false,
      });
      return;
    }
    await discardBody(response);
    throw new TransportError(
      `${what}: unexpected reply type "${type || 'none'}" (HTTP ${response.status})`,
      'protocol',
      response.status,
    );
  }

  /** Parses the data of one SSE event; garbage is reported on errors$ and skipped. */
  private deliverData(data: string, label: string, related?: RequestId): void {
    let messages: JsonRpcMessage[];
    try {
      messages = parseReply(data, `${label}: skipped an event`);
    } catch (error) {
      this.errors.next(error as TransportError);
      return;
    }
    for (const message of messages) {
      if (related !== undefined && 'method' in message) relateToRequest(message, related);
      this.deliver(message);
    }
  }

  private deliver(message: JsonRpcMessage): void {
    if (this.closed) return;
    if (!('method' in message) && message.id !== undefined && message.id !== null) {
      this.settle(message.id);
    }
    this.messages.next(message);
  }

  /** A request of an exchange got its response: one less to wait for. */
  private settle(id: RequestId): PendingExchange | undefined {
    const exchange = this.exchanges.get(id);
    if (!exchange) return undefined;
    this.exchanges.delete(id);
    exchange.waiting--;
    return exchange;
  }

  /** Stops reading the reply of request `id` once nothing else awaits it (nothing is sent). */
  abandonRequest(id: RequestId): void {
    const exchange = this.settle(id);
    if (exchange?.waiting === 0) exchange.controller.abort();
  }

  /** The caller gave up on a request (`notifications/cancelled` sent): stop reading its reply. */
  private abandon(message: JsonRpcMessage): void {
    this.abandonRequest(('params' in message ? message.params?.requestId : undefined) as RequestId);
  }

  private track(): AbortController {
    const controller = new AbortController();
    this.controllers.add(controller);
    return controller;
  }

  private failure(error: unknown, what: string): unknown {
    if (error instanceof HeadersProviderError) return error.original;
    if (error instanceof McpAuthError) return error; // the auth's refusal, unchanged
    if (this.closed) return new TransportError(`${what}: the transport closed`, 'closed');
    return error instanceof TransportError ? error : fetchFailure(error, what, this.endpoint.url);
  }
}
