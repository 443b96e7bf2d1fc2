import { InboundCall } from './inbound-call.js';
import type { LazyAbort } from './lazy-abort.js';
import { ErrorCode } from '../protocol/error-codes.js';
import {
  errorResponse,
  isJsonRpcError,
  resultResponse,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcParams,
  type JsonRpcRequest,
  type JsonRpcResponse,
  type RequestId,
} from '../protocol/json-rpc.js';
import { McpError } from '../errors/mcp.error.js';
import { ConnectionClosedError } from '../errors/connection-closed.error.js';
import { RequestCancelledError } from '../errors/request-cancelled.error.js';
import { RequestTimeoutError } from '../errors/request-timeout.error.js';
import type {
  JsonRpcPeerOptions,
  OutgoingRequestOptions,
  ProgressUpdate,
} from './json-rpc-peer.interface.js';
import { OutgoingRequest } from './outgoing-request.js';
import { relatedRequestOf } from './related-request.js';
import { SoloMap } from './solo-map.js';

const CANCELLED = 'notifications/cancelled';
const PROGRESS = 'notifications/progress';

/**
 * One side of a JSON-RPC conversation, used by both the MCP server and the MCP client:
 * correlates ids, enforces per-request timeouts, sends and honours `notifications/cancelled`
 * (an incoming cancel aborts the handler's AbortSignal and suppresses its response), and routes
 * `notifications/progress` to the request that asked for it. Transport-agnostic: a transport
 * feeds {@link receive} and provides `send`.
 */
export class JsonRpcPeer<TExtra = undefined> {
  // One entry each without a Map (see SoloMap): requests of a session come nearly one at a time.
  private readonly inbound = new SoloMap<RequestId, LazyAbort>();
  private readonly outbound = new SoloMap<RequestId, OutgoingRequest>();
  /** Caller-chosen progress tokens of pending requests (the default token is the request id). */
  private progressTokenMap?: Map<string | number, OutgoingRequest>;
  // Ids start at 1: some clients treat a cancelled request id 0 as absent.
  private nextId = 1;
  /** Why the conversation closed (set once by {@link close}). */
  private closedWith?: string | Error;
  /** {@link closedWith} as the error pending requests get, made when first needed. */
  private closedError?: Error;

  constructor(private readonly options: JsonRpcPeerOptions<TExtra>) {}

  private get progressTokens(): Map<string | number, OutgoingRequest> {
    return (this.progressTokenMap ??= new Map());
  }

  /** Number of incoming requests still being handled. */
  get inFlightCount(): number {
    return this.inbound.size;
  }

  /** Number of outgoing requests still waiting for an answer. */
  get pendingCount(): number {
    return this.outbound.size;
  }

  /** True once {@link close} was called. */
  get closed(): boolean {
    return this.closedWith !== undefined;
  }

  /** Feeds one message received from the other side. Never throws. */
  receive(message: JsonRpcMessage, extra: TExtra): void {
    if (this.closedWith !== undefined) return; // a closed conversation runs no more handlers
    if ('method' in message) {
      if ('id' in message) void this.handleRequest(message, extra);
      else this.handleNotification(message, extra);
    } else {
      this.handleResponse(message);
    }
  }

  /** Sends a request and resolves with its result, or rejects with McpError / a local error class. */
  request<T = Record<string, unknown>>(
    method: string,
    params?: JsonRpcParams,
    options: OutgoingRequestOptions = {},
  ): Promise<T> {
    if (this.closedWith !== undefined) return Promise.reject(this.closeError());
    const token = options.progressToken;
    const holder = token === undefined ? undefined : this.progressHolder(token);
    if (holder) {
      const name = JSON.stringify(token);
      return Promise.reject(
        new TypeError(
          `Progress token ${name} is in use by pending request ${holder.id} (${holder.method})`,
        ),
      );
    }
    const n = this.nextId++;
    const id: RequestId = this.options.idPrefix === undefined ? n : `${this.options.idPrefix}${n}`;
    let sentParams = params;
    if (options.onProgress || options.meta || token !== undefined) {
      const meta = { ...(params?._meta as object | undefined), ...options.meta };
      if (token !== undefined || options.onProgress)
        Object.assign(meta, { progressToken: token ?? id });
      sentParams = { ...params, _meta: meta };
    }
    return new Promise<T>((resolve, reject) => {
      const release = <A>(settle: (value: A) => void) =>
        token === undefined
          ? settle
          : (value: A) => {
              this.progressTokens.delete(token);
              settle(value);
            };
      const pending = new OutgoingRequest(
        id,
        method,
        options,
        options.timeoutMs ?? this.options.requestTimeoutMs ?? 60_000,
        release(resolve as (r: Record<string, unknown>) => void),
        release(reject),
        (reason) => this.abandon(id, reason, options.quiet === true),
      );
      if (pending.settled) return;
      this.outbound.set(id, pending);
      if (token !== undefined) this.progressTokens.set(token, pending);
      options.onRequestId?.(id);
      const message: JsonRpcRequest = { jsonrpc: '2.0', id, method };
      if (sentParams) message.params = sentParams;
      this.safeSend(message, options.relatedRequestId, (error) => {
        if (this.outbound.delete(id)) pending.fail(error);
      });
    });
  }

  /** The pending request progress with `token` belongs to: a caller-chosen token, or an id. */
  private progressHolder(token: string | number): OutgoingRequest | undefined {
    return this.progressTokenMap?.get(token) ?? this.outbound.get(token);
  }

  /** Ids and methods of the outgoing requests still waiting for an answer. */
  pendingRequests(): Array<{ id: RequestId; method: string }> {
    return this.outbound.values().map(({ id, method }) => ({ id, method }));
  }

  /** Cancels one outgoing request: the peer gets `notifications/cancelled`, the caller a RequestCancelledError. */
  cancelOutbound(id: RequestId, reason?: unknown): boolean {
    const pending = this.outbound.get(id);
    if (!pending) return false;
    pending.cancel(reason);
    return true;
  }

  /** Sends a notification. */
  notify(method: string, params?: JsonRpcParams, relatedRequestId?: RequestId): void {
    if (this.closedWith !== undefined) return;
    const message: JsonRpcNotification = { jsonrpc: '2.0', method };
    if (params) message.params = params;
    this.safeSend(message, relatedRequestId);
  }

  /** True while an incoming request with this id is being handled here. */
  isHandling(id: RequestId): boolean {
    return this.inbound.has(id);
  }

  /** Aborts an incoming request locally (e.g. its HTTP stream closed); no response will be sent. */
  cancelInbound(id: RequestId, reason?: unknown): void {
    const controller = this.inbound.get(id);
    if (!controller) return;
    this.inbound.delete(id);
    controller.abort(
      reason instanceof Error
        ? reason
        : new Error(`Request cancelled${reason ? `: ${String(reason)}` : ''}`),
    );
    // The request will get no response: let the transport release what it holds for it now,
    // even if the handler ignores its signal and runs on.
    this.options.onAbandoned?.(id);
  }

  /**
   * Answers every incoming request still being handled with the error `reason()` returns and
   * aborts its handler with it (a server shutting down after its drain window); later results of
   * those handlers are dropped.
   */
  failInbound(reason: () => McpError): void {
    for (const [id, controller] of this.inbound.entries()) {
      this.inbound.delete(id);
      const error = reason();
      controller.abort(error);
      this.safeSend(errorResponse(id, error.toJson()), id);
    }
  }

  /**
   * Rejects every outgoing request still waiting for an answer with the error `reason()` returns
   * (its answer can no longer arrive, e.g. the shared bus that relays it is lost) and tells the
   * peer, as for a timeout, with `notifications/cancelled` (unless the request is quiet). The
   * conversation stays open; later answers to those requests are ignored.
   */
  failOutbound(reason: () => Error): void {
    for (const [id, pending] of this.outbound.entries()) {
      this.outbound.delete(id);
      const error = reason();
      pending.fail(error);
      if (!pending.quiet) this.notify(CANCELLED, { requestId: id, reason: error.message });
    }
  }

  /**
   * Ends the conversation: every pending outgoing request rejects with ConnectionClosedError (or
   * the given error) and every running handler's signal aborts. Idempotent.
   */
  close(reason: string | Error = 'Connection closed'): void {
    if (this.closedWith !== undefined) return;
    this.closedWith = reason;
    // Most sessions end with nothing pending: the error (and its stack) is made only when owed.
    for (const pending of this.outbound.values()) pending.fail(this.closeError());
    this.outbound.clear();
    for (const controller of this.inbound.values()) controller.abort(this.closeError());
    this.inbound.clear();
  }

  /** The error of a closed conversation: the error it was closed with, or a ConnectionClosedError. */
  private closeError(): Error {
    const reason = this.closedWith ?? 'Connection closed';
    return (this.closedError ??=
      reason instanceof Error ? reason : new ConnectionClosedError(reason));
  }

  private async handleRequest(request: JsonRpcRequest, extra: TExtra): Promise<void> {
    const { id } = request;
    if (this.inbound.has(id)) {
      const error = new McpError(ErrorCode.InvalidRequest, `Request id ${id} is already in use`);
      this.safeSend(errorResponse(id, error.toJson()), id);
      return;
    }
    // The handler's signal is made on first read: most requests end before anyone listens.
    const controller = new InboundCall(extra);
    this.inbound.set(id, controller);
    let response: JsonRpcResponse;
    try {
      const result = await this.options.onRequest(request, controller);
      response = resultResponse(id, result);
    } catch (error) {
      response = errorResponse(id, this.toErrorObject(error, request, controller.signal));
    }
    // Cancelled (see cancelInbound): no response, as the spec asks.
    if (controller.aborted || this.inbound.get(id) !== controller) return;
    this.inbound.delete(id);
    this.safeSend(response, id);
  }

  private handleNotification(notification: JsonRpcNotification, extra: TExtra): void {
    const params = notification.params;
    if (notification.method === CANCELLED) {
      const id = params?.requestId;
      if (typeof id === 'string' || typeof id === 'number') this.cancelInbound(id, params?.reason);
      return;
    }
    if (notification.method === PROGRESS && params) {
      const token = params.progressToken;
      const pending =
        typeof token === 'string' || typeof token === 'number'
          ? this.progressHolder(token)
          : undefined;
      if (pending && typeof params.progress === 'number') {
        pending.progress(params as unknown as ProgressUpdate);
        if (!this.options.forwardRoutedProgress) return;
      }
    }
    const related = relatedRequestOf(notification);
    if (related !== undefined) this.outbound.get(related)?.notified(notification);
    try {
      this.options.onNotification?.(notification, extra);
    } catch (error) {
      this.options.onError?.(error, { method: notification.method });
    }
  }

  private handleResponse(response: JsonRpcResponse): void {
    const id = response.id;
    if (id === undefined || id === null) return;
    const pending = this.outbound.get(id);
    if (!pending) return; // late answer to a cancelled or timed-out request: ignored, as the spec asks
    this.outbound.delete(id);
    if (isJsonRpcError(response)) pending.fail(McpError.fromJson(response.error));
    else pending.succeed(response.result);
  }

  private abandon(
    id: RequestId,
    reason: RequestTimeoutError | RequestCancelledError,
    quiet: boolean,
  ): void {
    if (!this.outbound.delete(id) || quiet) return;
    this.notify(CANCELLED, {
      requestId: id,
      reason:
        reason instanceof RequestTimeoutError
          ? 'Request timed out'
          : String(reason.reason ?? 'Cancelled'),
    });
  }

  private toErrorObject(error: unknown, request: JsonRpcRequest, signal: AbortSignal) {
    if (error instanceof McpError) return error.toJson();
    if (!signal.aborted) this.options.onError?.(error, { method: request.method, id: request.id });
    return McpError.internal().toJson();
  }

  private safeSend(
    message: JsonRpcMessage,
    relatedRequestId?: RequestId,
    onFailure?: (error: unknown) => void,
  ): void {
    const report = (error: unknown) => {
      if (onFailure) onFailure(error);
      else
        this.options.onError?.(error, {
          method: 'method' in message ? message.method : 'response',
        });
    };
    try {
      const sent = this.options.send(message, relatedRequestId);
      if (sent instanceof Promise) sent.catch(report);
    } catch (error) {
      report(error);
    }
  }
}
