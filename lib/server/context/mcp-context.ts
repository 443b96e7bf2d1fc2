import type { OutgoingRequestOptions } from '../../engine/json-rpc-peer.interface.js';
import type { RequestId } from '../../protocol/json-rpc.js';
import { McpError } from '../../errors/mcp.error.js';
import { ErrorCode } from '../../protocol/error-codes.js';
import { isVersionAtLeast } from '../../protocol/versions.js';
import { findMethod } from '../../protocol/methods/method-table.js';
import { levelSeverity } from '../../protocol/protocol-context.interface.js';
import type { TransportInfo } from '../../engine/transport-info.interface.js';
import type { RequestScope } from './request-scope.interface.js';
import type {
  ClientCapabilities,
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestParams,
  ElicitResult,
  Implementation,
  ListRootsResult,
  LoggingLevel,
  ServerRequestMethod,
} from '../../protocol/schema/index.js';

/** Options of a server-to-client request made from a handler. */
export type ClientRequestOptions = Pick<
  OutgoingRequestOptions,
  'timeoutMs' | 'signal' | 'onProgress'
>;

/** Per-session user state (Hermes `assigns`), shared by every request of a session. */
export interface McpSessionHandle {
  /** Session id, or undefined for connection-scoped sessions. */
  readonly id: string | undefined;
  /** State that persists across the session's requests. */
  readonly state: Map<string, unknown>;
}

/** W3C trace context a request carries in `_meta` (SEP-414); every field optional. */
export interface McpTraceContext {
  traceparent?: string;
  tracestate?: string;
  baggage?: string;
}

/**
 * The context every tool, prompt and resource handler receives: who is calling, under which
 * protocol revision, and the means to talk back (progress, logs, elicitation, sampling, roots)
 * on this request's own stream. Also exposes cancellation as an AbortSignal.
 */
export class McpContext {
  private finished = false;
  private lastProgress = Number.NEGATIVE_INFINITY;

  constructor(private readonly scope: RequestScope) {}

  /** JSON-RPC id of the request being served. */
  get requestId(): RequestId {
    return this.scope.requestId;
  }

  /** The MCP method being served (`tools/call`, `prompts/get`, ...). */
  get method(): string {
    return this.scope.method;
  }

  /** Fires when the client cancels the request or goes away. */
  get signal(): AbortSignal {
    return this.scope.signal;
  }

  /** The request's `_meta` (progress token, trace context, ...). */
  get meta(): Readonly<Record<string, unknown>> {
    return (this.scope.params._meta as Record<string, unknown> | undefined) ?? {};
  }

  /** W3C trace context of the request (`traceparent`, `tracestate`, `baggage` from `_meta`). */
  get traceContext(): McpTraceContext {
    const meta = this.meta;
    const trace: McpTraceContext = {};
    for (const key of ['traceparent', 'tracestate', 'baggage'] as const) {
      const value = meta[key];
      if (typeof value === 'string') trace[key] = value;
    }
    return trace;
  }

  /** Protocol era: `'modern'` for a stateless 2026-07-28 request, `'legacy'` for a session. */
  get era(): 'legacy' | 'modern' {
    return this.scope.protocol.era ?? 'legacy';
  }

  /** Protocol revision the request is served under. */
  get protocolVersion(): string {
    return this.scope.protocol.protocolVersion;
  }

  /** Client identity as reported by the client (unverified). */
  get clientInfo(): Implementation | undefined {
    return this.scope.protocol.clientInfo;
  }

  /** Capabilities the client declared. */
  get clientCapabilities(): ClientCapabilities {
    return this.scope.protocol.clientCapabilities;
  }

  /** Transport facts: kind, headers, remote address, raw request. */
  get transport(): TransportInfo {
    return this.scope.transport;
  }

  /** The session (id and persistent state), or undefined for stateless requests. */
  get session(): McpSessionHandle | undefined {
    return this.scope.session;
  }

  /**
   * Reports progress when the client asked for it (`_meta.progressToken`); otherwise a no-op.
   * Values must increase; a value not above the previous one is dropped. Nothing is sent after
   * the handler finished.
   */
  progress(progress: number, total?: number, message?: string): void {
    const token = this.meta.progressToken;
    if (token === undefined || this.finished || progress <= this.lastProgress) return;
    this.lastProgress = progress;
    const params: Record<string, unknown> = { progressToken: token, progress };
    if (total !== undefined) params.total = total;
    if (message !== undefined) params.message = message;
    this.send('notifications/progress', params);
  }

  /** Sends a log message to the client if its level passes the client's threshold. */
  log(level: LoggingLevel, data: unknown, logger?: string): void {
    if (this.finished) return;
    const threshold = this.scope.protocol.logLevel;
    // 2026-07-28: no `notifications/message` unless the request's `_meta` asked for a level.
    if (!threshold && this.scope.protocol.era === 'modern') return;
    if (threshold && levelSeverity(level) < levelSeverity(threshold)) return;
    const params: Record<string, unknown> = { level, data };
    if (logger !== undefined) params.logger = logger;
    this.send('notifications/message', params);
  }

  /** Asks the user for input through the client (`elicitation/create`). */
  elicit(params: ElicitRequestParams, options?: ClientRequestOptions): Promise<ElicitResult> {
    const mode = params.mode ?? 'form';
    const elicitation = this.clientCapabilities.elicitation;
    // `elicitation: {}` means form mode only (the pre-2025-11-25 shape).
    const supported =
      elicitation !== undefined &&
      (mode === 'url' ? 'url' in elicitation : 'form' in elicitation || !('url' in elicitation));
    if (!supported) throw missingCapability({ elicitation: { [mode]: {} } }, this.protocolVersion);
    return this.clientRequest('elicitation/create', params, options) as Promise<ElicitResult>;
  }

  /** Asks the client's model for a completion (`sampling/createMessage`). */
  sample(
    params: CreateMessageRequestParams,
    options?: ClientRequestOptions,
  ): Promise<CreateMessageResult> {
    return this.clientRequest(
      'sampling/createMessage',
      params,
      options,
    ) as Promise<CreateMessageResult>;
  }

  /** Lists the client's roots (`roots/list`). */
  listRoots(options?: ClientRequestOptions): Promise<ListRootsResult> {
    return this.clientRequest('roots/list', {}, options) as Promise<ListRootsResult>;
  }

  /** Checks the client is responsive (`ping`, answered with `{}`); rejects on timeout. */
  async ping(options?: ClientRequestOptions): Promise<void> {
    await this.clientRequest('ping', {}, options);
  }

  /** Tells subscribed clients that a resource changed (`notifications/resources/updated`). */
  notifyResourceUpdated(uri: string): void {
    this.scope.notifier.notifyResourceUpdated(uri);
  }

  /** Tells clients that the tools, prompts or resources list changed. */
  notifyListChanged(kind: 'tools' | 'prompts' | 'resources'): void {
    this.scope.notifier.notifyListChanged(kind);
  }

  /**
   * Streamable HTTP: closes this request's SSE connection now; the client reconnects after the
   * announced `retry` delay and receives the rest of the stream by resumption. No-op elsewhere.
   */
  closeSseStream(): void {
    this.scope.transport.closeSseStream?.(this.requestId);
  }

  /** Marks the request finished: later progress and log calls are dropped. Called by the engine. */
  finish(): void {
    this.finished = true;
  }

  private send(method: string, params: Record<string, unknown>): void {
    if (this.scope.outlet) this.scope.outlet.notify(method, params);
    else this.scope.peer?.notify(method, params, this.requestId);
  }

  private clientRequest(
    method: ServerRequestMethod,
    params: object,
    options: ClientRequestOptions = {},
  ): Promise<unknown> {
    // The capability the client must have declared, from the method table.
    const gate = findMethod('server', 'request', method)?.capability;
    if (gate && this.clientCapabilities[gate] === undefined) {
      throw missingCapability({ [gate]: {} }, this.protocolVersion);
    }
    const signal = options.signal ? AbortSignal.any([options.signal, this.signal]) : this.signal;
    const peer = this.scope.peer;
    if (!peer) {
      return Promise.reject(
        McpError.invalidRequest(
          `${method} cannot be sent: this request has no session to send it on`,
        ),
      );
    }
    return peer.request(method, params as Record<string, unknown>, {
      ...options,
      signal,
      relatedRequestId: this.requestId,
    });
  }
}

/**
 * The error for a server-to-client request the client cannot take: `-32021` from 2026-07-28 on,
 * `-32600` before (the 2026 code is not defined in older revisions).
 */
function missingCapability(
  requiredCapabilities: Record<string, unknown>,
  protocolVersion: string,
): McpError {
  const name = Object.keys(requiredCapabilities)[0];
  const code = isVersionAtLeast(protocolVersion, '2026-07-28')
    ? ErrorCode.MissingRequiredClientCapability
    : ErrorCode.InvalidRequest;
  return new McpError(code, `The client did not declare the "${name}" capability`, {
    requiredCapabilities,
  });
}
