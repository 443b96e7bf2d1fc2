import type { RequestId } from '../../protocol/json-rpc.js';
import { levelSeverity } from '../../protocol/protocol-context.interface.js';
import type { TransportInfo } from '../../engine/transport-info.interface.js';
import type { RequestScope } from './request-scope.interface.js';
import { McpHandlerAuth } from './handler-auth.js';
import type {
  ClientCapabilities,
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestParams,
  ElicitResult,
  Implementation,
  InputRequest,
  InputRequiredResult,
  InputResponses,
  ListRootsResult,
  LoggingLevel,
} from '../../protocol/schema/index.js';
import { channels } from '../../engine/telemetry/mcp-channels.js';
import { legacyInputRequired } from '../mrtr/legacy-input.js';
import { httpFrameOf, McpStdioFrame, type McpHttpFrame } from './request-frame.js';
import {
  elicitUrl,
  urlElicitationRequired,
  type ElicitUrlParams,
  type UrlElicitationParams,
} from './url-elicitation.js';
import type { UrlElicitationRequiredError } from '../../errors/url-elicitation-required.error.js';
import { McpError } from '../../errors/mcp.error.js';
import type { McpSessionComponents } from '../session/session-components.js';
import {
  modernInputRequired,
  requestClient,
  requestInput,
  requireInputCapability,
} from './client-input.js';
import { elicitAnswer, elicitRequest, typedElicit } from './typed-elicit.js';
import type {
  ElicitAnswer,
  ElicitContent,
  ElicitSchema,
  FlatElicitSchema,
  TypedElicitParams,
} from '../elicitation/typed-elicit.interface.js';
import { isTypedElicit } from '../elicitation/typed-elicitation.js';
import type {
  ClientRequestOptions,
  InputRequestOptions,
  InputRequiredOptions,
} from './input-request-options.interface.js';

export type { ClientRequestOptions, InputRequestOptions, InputRequiredOptions };
export type { McpHttpFrame, McpStdioFrame, ElicitUrlParams, UrlElicitationParams };

/** Per-session user state (Hermes `assigns`), shared by every request of a session. */
export interface McpSessionHandle {
  /** Session id, or undefined for connection-scoped sessions. */
  readonly id: string | undefined;
  /** The principal the session was opened by (HTTP: the transport's `principal(req)`), if known. */
  readonly principal?: string | undefined;
  /** State that persists across the session's requests. */
  readonly state: Map<string, unknown>;
  /** Empties {@link state}, then seeds it again from the `sessionState` option. */
  resetState(): void;
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
  private httpFrame?: McpHttpFrame | null;
  private stdioFrame?: McpStdioFrame;
  private handlerAuth?: McpHandlerAuth;

  constructor(private scope: RequestScope) {}

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

  /**
   * Who sent the request, as the transport computed it (HTTP: the endpoint's `principal(req)`,
   * by default from `req.user`; a broker: a verified principal claim); undefined when anonymous.
   */
  get principal(): string | undefined {
    return this.scope.principal ?? this.scope.session?.principal;
  }

  /**
   * The verified access token's facts and the user's upstream tokens
   * (`await ctx.auth.upstreamToken('github')`), made on first read.
   */
  get auth(): McpHandlerAuth {
    return (this.handlerAuth ??= new McpHandlerAuth(this.scope));
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
   * The HTTP request behind this call (query, scheme, host, port, path, headers), computed on
   * first read: Streamable HTTP (both eras) and HTTP+SSE give the POST, WebSocket the upgrade
   * request, the in-memory test client its headers. Undefined on stdio.
   */
  get http(): McpHttpFrame | undefined {
    if (this.httpFrame === undefined) this.httpFrame = httpFrameOf(this.scope.transport) ?? null;
    return this.httpFrame ?? undefined;
  }

  /** The stdio server process (frozen environment, process id); undefined on other transports. */
  get stdio(): McpStdioFrame | undefined {
    if (this.scope.transport.kind !== 'stdio') return undefined;
    return (this.stdioFrame ??= new McpStdioFrame());
  }

  /** The request's params as the client sent them, before validation and defaults. */
  get rawParams(): Readonly<Record<string, unknown>> {
    return this.scope.rawParams ?? this.scope.params;
  }

  /**
   * Resets the session's state (`session.state`) to what a new session of this principal starts
   * with (the `sessionState` option's seed, or empty). No-op without a session (2026-07-28).
   */
  clearSession(): void {
    this.scope.session?.resetState();
  }

  /**
   * This session's own tools, prompts, resources and templates: register one (e.g. after a
   * `login` tool succeeded) and only this client lists and calls it, told by
   * `notifications/<kind>/list_changed`. A 2026-07-28 request has no session: this throws an
   * `McpError` (-32600) saying so, which the client gets as the request's error.
   */
  get sessionComponents(): McpSessionComponents {
    const session = this.scope.session;
    if (!session || session.ephemeral) {
      throw McpError.invalidRequest(
        'Per-session components need a 2025-era session; this request is stateless (no session)',
      );
    }
    return session.components;
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
    if (channels.serverProgress.hasSubscribers) channels.serverProgress.publish(params);
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

  /**
   * Asks the user for input through the client (`elicitation/create`). Under a 2026-07-28
   * request this is an input round (write once, see README "Write-once elicitation"): the
   * handler runs again from the top with the answer, so code before the last input call must be
   * side-effect free, the sequence of input calls deterministic (or keyed with `options.key`),
   * and a `catch` around it must rethrow when `isInputRequired(error)`.
   *
   * Typed form: `{ message, schema }` with a zod object, a Standard Schema or a class-validator
   * DTO. The schema goes out as the spec's flat `requestedSchema` (a nested field is a compile
   * error, or an error naming the field on first use); the answer comes back validated and typed:
   * `accept` with `content`, `decline`, `cancel`, or `invalid` with the `issues`.
   */
  elicit<S extends ElicitSchema>(
    params: TypedElicitParams<S> & FlatElicitSchema<S>,
    options?: InputRequestOptions,
  ): Promise<ElicitAnswer<ElicitContent<S>>>;
  /** Raw form: `requestedSchema` as JSON Schema, the client's result as it came (untyped). */
  elicit(params: ElicitRequestParams, options?: InputRequestOptions): Promise<ElicitResult>;
  elicit(
    params: ElicitRequestParams | TypedElicitParams<ElicitSchema>,
    options?: InputRequestOptions,
  ): Promise<unknown> {
    if (isTypedElicit(params)) return typedElicit(this.scope, params, options);
    if (!this.modern) requireInputCapability(this.scope, 'elicitation/create', params);
    return requestInput(this.scope, 'elicitation/create', params, options);
  }

  /**
   * Sends the user to `url` (URL-mode elicitation; the client must declare `elicitation.url`) and
   * returns when they finished. 2025 era: on accept it waits until your code calls
   * `McpElicitations.complete(elicitationId)` (e.g. from the callback route), which also sends
   * `notifications/elicitation/complete`; decline/cancel return at once; a cancel of this request
   * (or `options.signal`) rejects. 2026-07-28: an input round answered by the client's retry.
   */
  elicitUrl(params: ElicitUrlParams, options?: InputRequestOptions): Promise<ElicitResult> {
    return elicitUrl(this.scope, params, options);
  }

  /**
   * The `-32042 URL elicitation required` error to throw (2025-11-25), its elicitations opened
   * for this session so `McpElicitations.complete(id)` later notifies the client.
   */
  urlElicitationRequired(...elicitations: UrlElicitationParams[]): UrlElicitationRequiredError {
    return urlElicitationRequired(this.scope, elicitations);
  }

  /** Asks the client's model for a completion (`sampling/createMessage`); an input round in 2026-07-28. */
  sample(
    params: CreateMessageRequestParams,
    options?: InputRequestOptions,
  ): Promise<CreateMessageResult> {
    const result = requestInput(this.scope, 'sampling/createMessage', params, options);
    return result as Promise<CreateMessageResult>;
  }

  /** Lists the client's roots (`roots/list`); an input round in 2026-07-28. */
  listRoots(options?: InputRequestOptions): Promise<ListRootsResult> {
    return requestInput(this.scope, 'roots/list', {}, options) as Promise<ListRootsResult>;
  }

  /**
   * The answers of this request's input round (explicit API): the client's `inputResponses`
   * (2026-07-28) or the answers to the requests `inputRequired()` sent (2025), by key.
   */
  get inputResponses(): InputResponses | undefined {
    return this.scope.inputRound?.inputResponses;
  }

  /**
   * The input request of a typed form elicitation, for `inputRequired({ inputRequests })`:
   * `{ booking: await ctx.elicitRequest({ message, schema }) }`; its answer through
   * {@link elicitAnswer}. The schema is checked and sent as `elicit()` does.
   */
  elicitRequest<S extends ElicitSchema>(
    params: TypedElicitParams<S> & FlatElicitSchema<S>,
  ): Promise<InputRequest> {
    return elicitRequest(params);
  }

  /** The answer to the input request `key`, validated and typed as `elicit()` returns it; undefined until answered. */
  elicitAnswer<S extends ElicitSchema>(
    key: string,
    schema: S & FlatElicitSchema<S>,
  ): Promise<ElicitAnswer<ElicitContent<S>> | undefined> {
    return elicitAnswer(this.inputResponses, key, schema) as never;
  }

  /** The state the handler passed to `inputRequired()` last round (verified), or undefined. */
  requestState<T = unknown>(): T | undefined {
    return this.scope.inputRound?.requestState<T>();
  }

  /**
   * Asks the client for input and ends this round (explicit API); return its result from the
   * handler. 2026-07-28: the interim `input_required` result, `state` sealed into
   * `requestState`; the retry runs the handler again with `ctx.inputResponses` and
   * `ctx.requestState()`. 2025: the library sends the requests to the client itself and runs
   * the handler again with the answers, so the same handler serves both eras.
   */
  inputRequired(options: InputRequiredOptions): InputRequiredResult {
    const { inputRequests, state } = options;
    if (!this.modern || this.scope.task) {
      return (this.scope.inputRound?.inputRequired ?? legacyInputRequired)(inputRequests, state);
    }
    return modernInputRequired(this.scope, inputRequests, state);
  }

  /** True while the handler runs as a task (its result goes to `tasks/get` / `tasks/result`). */
  get isTask(): boolean {
    return this.scope.task !== undefined;
  }

  /**
   * For a tool registered with `task: { support, start: 'manual' }`: the call becomes a task here.
   * Everything before ran inside the request (input rounds answered synchronously, errors
   * returned directly); the client now gets the `CreateTaskResult` and the handler continues as
   * the task (`signal`, `progress()`, `elicit()` ... are the task's). A no-op in a plain call or
   * when the handler already runs as a task.
   */
  async startTask(): Promise<void> {
    const start = this.scope.startTask;
    if (start) this.scope = await start();
  }

  /** Checks the client is responsive (`ping`, answered with `{}`); rejects on timeout. */
  async ping(options?: ClientRequestOptions): Promise<void> {
    await requestClient(this.scope, 'ping', {}, options);
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

  private get modern(): boolean {
    return this.scope.protocol.era === 'modern';
  }

  private send(method: string, params: Record<string, unknown>): void {
    if (this.scope.outlet) this.scope.outlet.notify(method, params);
    else this.scope.peer?.notify(method, params, this.requestId);
  }
}
