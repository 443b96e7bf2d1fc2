import { Subject, type Observable } from 'rxjs';
import type { JsonRpcNotification, JsonRpcRequest, RequestId } from '../protocol/json-rpc.js';
import type { InitializeResult, ServerCapabilities } from '../protocol/schema/index.js';
import { McpError } from '../errors/mcp.error.js';
import { deriveCapabilities } from './capabilities.js';
import type { RequestScope, ServerNotifier } from './context/request-scope.interface.js';
import { toMcpError } from './errors/to-mcp-error.js';
import { ServerErrorLog, type ClientErrorLevel } from './errors/server-error-log.js';
import { CapacityError } from '../errors/capacity.error.js';
import type { HandlerHost } from './handlers/method-handler.interface.js';
import { createServedMethods } from './handlers/served-methods.js';
import type { ProtocolEras } from '../protocol/modern/protocol-eras.js';
import type { ParamHeaderRule } from '../protocol/modern/mcp-header-annotations.js';
import type { ModernDispatch } from '../engine/request-outlet.interface.js';

export type { ModernDispatch };
import { LEGACY_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS } from '../protocol/versions.js';
import type { McpServerOptions } from './mcp-server-options.interface.js';
import type { PrimitiveListKind, PrimitiveLookup } from './registry/registry-view.interface.js';
import { McpSession, type SessionHost } from './session/mcp-session.js';
import { deliverToSessions } from './session/deliver-to-sessions.js';
import { ModernDispatcher, type ModernDispatchHost } from './modern/modern-dispatcher.js';
import { ListenHub } from './listen/listen-hub.js';
import type { RefusalKind } from './limits/server-limits.js';
import { resolveListenLimits } from './listen/listen-options.interface.js';
import { InputRoundSettings } from './mrtr/input-round-settings.js';
import { resolveLimits } from './limits/limits-options.interface.js';
import { ServerLimits, type SessionAdmission } from './limits/server-limits.js';
import { serverStats, type McpServerStats } from './limits/server-stats.js';
import { DEFAULT_DRAIN_TIMEOUT_MS } from './shutdown/drain-gate.js';
import { ServerDrain } from './shutdown/server-drain.js';
import type { MessageExtra } from '../engine/session-message.interface.js';
import type { TransportInfo } from '../engine/transport-info.interface.js';
import { InMemoryMessageBus } from '../stores/in-memory-message-bus.js';
import type { McpBusEvent, MessageBus } from '../stores/message-bus.interface.js';

/** A notification a client sent (roots changed, initialized, ...), with its session. */
export interface ClientNotificationEvent {
  session: McpSession;
  notification: JsonRpcNotification;
}

/** The served methods, schemas and gates resolved from the method table once per process. */
const SERVED = createServedMethods();

/**
 * The engine-facing part of a server: it opens sessions for transports, dispatches their
 * requests through the method table (gate, params schema, handler), answers `initialize` with
 * the derived capabilities and delivers bus events (list changes, resource updates) to sessions.
 * It only reads the registries; users register through {@link McpServer}, which owns one core.
 */
export class McpServerCore implements SessionHost, ServerNotifier, HandlerHost, ModernDispatchHost {
  /** Page size of list results. */
  readonly pageSize: number;
  /** Timeout of server-to-client requests. */
  readonly requestTimeoutMs: number;
  /** The `subscriptions/listen` streams (2026-07-28); undefined when the `listen` option is `false`. */
  readonly listen?: ListenHub;
  /** {@inheritDoc HandlerHost.inputRounds} */
  readonly inputRounds: InputRoundSettings;
  /** The capacity limits (after defaults) and the refusal counters. */
  readonly limits: ServerLimits;
  /** The graceful shutdown: in-flight count, draining flag, drain window. */
  private readonly shutdown: ServerDrain;
  /** {@inheritDoc HandlerHost.errors} */
  readonly errors: ServerErrorLog;

  private readonly sessions = new Set<McpSession>();
  private readonly clientNotifications = new Subject<ClientNotificationEvent>();
  private capabilities?: ServerCapabilities;
  /** The 2026-07-28 stateless dispatch and the `server/discover` result, built once. */
  private readonly modern: ModernDispatcher;
  private readonly unsubscribeBus: () => void;

  /** Which protocol eras this server serves (option `protocolEras`, default `'dual'`). */
  readonly protocolEras: ProtocolEras;
  /**
   * Revisions a 2026-07-28 request may name, as `server/discover` lists them and `-32022`
   * reports them: modern ones, plus the legacy ones in `'dual'` mode.
   */
  readonly supportedVersions: readonly string[];

  /** Notifications clients send (e.g. `notifications/roots/list_changed`). */
  readonly clientNotifications$: Observable<ClientNotificationEvent> =
    this.clientNotifications.asObservable();

  constructor(
    readonly options: McpServerOptions,
    /** The registries, read-only. */
    readonly primitives: PrimitiveLookup,
    private readonly bus: MessageBus = new InMemoryMessageBus(),
  ) {
    this.pageSize = options.pageSize ?? 100;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 60_000;
    this.inputRounds = new InputRoundSettings(options.requestState, options.logger);
    this.errors = new ServerErrorLog(options.logger, options.exposeErrors);
    this.protocolEras = options.protocolEras ?? 'dual';
    this.supportedVersions = Object.freeze(
      this.protocolEras === 'modern'
        ? [...MODERN_PROTOCOL_VERSIONS]
        : [...MODERN_PROTOCOL_VERSIONS, ...LEGACY_PROTOCOL_VERSIONS],
    );
    this.modern = new ModernDispatcher(this);
    const limits = resolveLimits(
      options.limits,
      options.listen ? options.listen.maxStreams : undefined,
    );
    this.limits = new ServerLimits(limits);
    const listenLimits = resolveListenLimits(options.listen, limits);
    if (listenLimits) {
      this.listen = new ListenHub(
        listenLimits,
        () => this.getCapabilities(),
        (limit) => this.limits.count(limit),
      );
    }
    this.shutdown = new ServerDrain(
      { liveSessions: this.sessions, listen: this.listen, limits: this.limits },
      options.drainTimeoutMs ?? DEFAULT_DRAIN_TIMEOUT_MS,
    );
    this.unsubscribeBus = bus.subscribe((event) => this.deliver(event));
    primitives.changes$.subscribe((kind) => {
      this.capabilities = undefined;
      this.modern.forgetDiscover();
      this.notifyListChanged(kind);
    });
  }

  /** {@inheritDoc McpServerPort.listenKeepAliveMs} */
  get listenKeepAliveMs(): number | undefined {
    return this.listen?.limits.keepAliveMs;
  }

  /** Current server capabilities (cached until a registry changes). */
  getCapabilities(): ServerCapabilities {
    return (this.capabilities ??= deriveCapabilities(this.primitives, this.options.capabilities));
  }

  /** The `initialize` result for a negotiated revision. */
  initializeResult(protocolVersion: string): InitializeResult {
    const { name, version, title, description, websiteUrl, icons, instructions } = this.options;
    const serverInfo = { name, version, title, description, websiteUrl, icons };
    return {
      protocolVersion,
      capabilities: this.getCapabilities(),
      serverInfo: JSON.parse(JSON.stringify(serverInfo)) as InitializeResult['serverInfo'],
      ...(instructions !== undefined && { instructions }),
    };
  }

  /** {@inheritDoc HandlerHost.discoverResult} */
  discoverResult(): Record<string, unknown> {
    return this.modern.discoverResult();
  }

  /**
   * Opens a session for a transport; it is tracked until closed. With `admission` (2025-era
   * sessions: Streamable HTTP, legacy SSE, WebSocket) it counts against the session caps.
   * @throws CapacityError (counted) when a session cap is reached or the server is draining.
   */
  createSession(
    id: string | undefined,
    transport: TransportInfo['kind'],
    admission?: SessionAdmission,
  ): McpSession {
    if (admission && this.shutdown.gate.draining) throw this.limits.refuse('shutdown');
    const release = admission ? this.limits.admitSession(admission) : undefined;
    const session = new McpSession(id, transport, this);
    this.sessions.add(session);
    session.onClose(() => {
      this.sessions.delete(session);
      release?.();
    });
    return session;
  }

  /** The drain window of {@link drain} in ms (option `drainTimeoutMs`, default 5000). */
  get drainTimeoutMs(): number {
    return this.shutdown.windowMs;
  }

  /** True once {@link drain} started: new sessions and requests are refused. */
  get draining(): boolean {
    return this.shutdown.gate.draining;
  }

  /**
   * Checks that `count` more requests may start on `session` now (HTTP transports ask before
   * they open the reply, to answer a refusal with its status).
   * @throws CapacityError (counted) while draining or over `maxInFlightPerSession`.
   */
  admitRequests(session: Pick<McpSession, 'inFlightCount'>, count: number): void {
    if (this.shutdown.gate.draining) throw this.limits.refuse('shutdown');
    if (session.inFlightCount + count > this.limits.limits.maxInFlightPerSession)
      throw this.limits.refuse('maxInFlightPerSession');
  }

  /** {@inheritDoc ServerLimits.count} */
  countRefusal(kind: RefusalKind): void {
    this.limits.count(kind);
  }

  /** Live figures and refusal counts (sessions, requests in flight, listen streams, limits). */
  stats(): McpServerStats {
    return serverStats(this.limits, this.shutdown.gate, this.sessions.size, this.listen?.size ?? 0);
  }

  /**
   * The graceful shutdown (idempotent): refuses new sessions and requests, ends the listen
   * streams with their result, lets the requests in flight finish within `drainTimeoutMs`, then
   * answers each one still running with a -32000 `shutdown` error. Call {@link close} after it.
   */
  drain(): Promise<void> {
    return this.shutdown.drain();
  }

  /** Number of live sessions in this process. */
  get sessionCount(): number {
    return this.sessions.size;
  }

  /** {@inheritDoc SessionHost.dispatch} */
  async dispatch(
    session: McpSession,
    request: JsonRpcRequest,
    signal: AbortSignal,
    extra: MessageExtra,
  ): Promise<Record<string, unknown>> {
    const { gate } = this.shutdown;
    if (gate.draining) throw this.answerFor(this.limits.refuse('shutdown'), request, signal);
    // The peer counts this request already: more than the cap means one too many.
    if (session.peer.inFlightCount > this.limits.limits.maxInFlightPerSession)
      throw this.answerFor(this.limits.refuse('maxInFlightPerSession'), request, signal);
    gate.enter();
    try {
      return await this.dispatchAdmitted(session, request, signal, extra);
    } catch (error) {
      throw this.answerFor(error, request, signal);
    } finally {
      gate.leave();
    }
  }

  /**
   * The error a client gets for what a request threw, logged once: a client error (an
   * `McpError`, or what {@link toMcpError} maps) at debug, a refusal at warn, both rate-limited
   * and without a stack; anything else is a server fault: logged at error with its stack and a
   * correlation id that the client's `-32603` carries. A cancelled request is answered by nobody.
   */
  private answerFor(error: unknown, request: JsonRpcRequest, signal: AbortSignal): unknown {
    if (signal.aborted) return error;
    const mcp = toMcpError(error);
    if (!mcp) return this.errors.fault(error, `Handler of ${request.method}`);
    if (mcp instanceof CapacityError)
      this.errors.client('refused', () => `Refused ${request.method}: ${mcp.message}`, 'warn');
    else
      this.errors.client(
        `error ${mcp.code}`,
        () => `${request.method} answered ${mcp.code}: ${mcp.message}`,
      );
    return mcp;
  }

  private async dispatchAdmitted(
    session: McpSession,
    request: JsonRpcRequest,
    signal: AbortSignal,
    extra: MessageExtra,
  ): Promise<Record<string, unknown>> {
    if (this.protocolEras !== 'legacy') {
      const call = this.modern.connectionCall(session, request, signal, extra);
      if (call) return this.modern.dispatch(request, call); // tracked as this session's request
    }
    const method = SERVED.get(request.method);
    if (!method) throw McpError.methodNotFound(request.method);
    if (!session.initialized && request.method !== 'initialize' && request.method !== 'ping') {
      throw McpError.invalidRequest('The session is not initialized: send initialize first');
    }
    // Gate on what this client was told at initialize, not on what is registered now.
    const params = method.admit(request.params, session.advertised ?? this.getCapabilities());
    const scope: RequestScope = {
      requestId: request.id,
      method: request.method,
      params,
      signal,
      protocol: extra.protocol ?? session.protocol,
      transport: extra.transport,
      session,
      peer: session.peer,
      notifier: this,
    };
    return method.handle(params, scope, this);
  }

  /**
   * Serves one stateless 2026-07-28 request (no session): the modern method set, gated on the
   * current capabilities (unknown or not offered: -32601), params parsed with the table's modern
   * schema, the handler run with a scope whose `session` is undefined and whose notifications go
   * to `call.outlet`, and the result stamped (`resultType`, `_meta` serverInfo, cache hints).
   * Errors are thrown as `McpError` (a 2025 resource-not-found becomes -32602 `{ uri }`).
   */
  async dispatchModern(
    request: JsonRpcRequest,
    call: ModernDispatch,
  ): Promise<Record<string, unknown>> {
    try {
      if (this.shutdown.gate.draining) throw this.limits.refuse('shutdown');
      return await this.shutdown.track(this.modern.dispatch(request, call));
    } catch (error) {
      throw this.answerFor(error, request, call.signal);
    }
  }

  /** {@inheritDoc McpServerPort.paramHeaderRules} */
  paramHeaderRules(toolName: string): readonly ParamHeaderRule[] | undefined {
    return this.primitives.tools.get(toolName)?.headerRules;
  }

  /** {@inheritDoc SessionHost.onNotification} */
  onNotification(session: McpSession, notification: JsonRpcNotification): void {
    this.clientNotifications.next({ session, notification });
  }

  /** {@inheritDoc SessionHost.onError} */
  onError(error: unknown, context: { method: string; id?: RequestId; sessionId?: string }): void {
    this.reportError(error, `Handler of ${context.method} failed`);
  }

  /** {@inheritDoc McpServerPort.reportError} */
  reportError(error: unknown, message: string): McpError {
    return this.errors.fault(error, message);
  }

  /** {@inheritDoc McpServerPort.reportClientError} */
  reportClientError(category: string, message: () => string, level?: ClientErrorLevel): void {
    this.errors.client(category, message, level);
  }

  /** {@inheritDoc ServerNotifier.notifyResourceUpdated} */
  notifyResourceUpdated(uri: string): void {
    void this.bus.publish({ type: 'resource-updated', uri });
  }

  /** {@inheritDoc ServerNotifier.notifyListChanged} */
  notifyListChanged(kind: PrimitiveListKind): void {
    void this.bus.publish({ type: 'list-changed', kind });
  }

  /** Ends every listen stream (with its result), closes every session and detaches from the bus. */
  close(): void {
    this.unsubscribeBus();
    const closeSessions = () => {
      for (const session of [...this.sessions]) session.close('Server shutting down');
    };
    // Ended listen streams answer with their result; on stdio/WebSocket the session's peer
    // writes it a few microtasks later, so those sessions close on the next turn.
    if (this.listen?.close()) setImmediate(closeSessions);
    else closeSessions();
  }

  private deliver(event: McpBusEvent): void {
    this.listen?.deliver(event); // 2026-07-28 listen streams, each with its own filter and tag
    deliverToSessions(event, this.sessions, this);
  }
}
