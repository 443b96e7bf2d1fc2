import { Subject, type Observable } from 'rxjs';
import type { JsonRpcNotification, JsonRpcRequest, RequestId } from '../protocol/json-rpc.js';
import type { InitializeResult, ServerCapabilities } from '../protocol/schema/index.js';
import { McpError } from '../errors/mcp.error.js';
import { deriveCapabilities } from './capabilities.js';
import type { RequestScope, ServerNotifier } from './context/request-scope.interface.js';
import { toMcpError } from './errors/to-mcp-error.js';
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
import { resolveListenLimits } from './listen/listen-options.interface.js';
import { InputRoundSettings } from './mrtr/input-round-settings.js';
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
    this.protocolEras = options.protocolEras ?? 'dual';
    this.supportedVersions = Object.freeze(
      this.protocolEras === 'modern'
        ? [...MODERN_PROTOCOL_VERSIONS]
        : [...MODERN_PROTOCOL_VERSIONS, ...LEGACY_PROTOCOL_VERSIONS],
    );
    this.modern = new ModernDispatcher(this);
    const listenLimits = resolveListenLimits(options.listen);
    if (listenLimits) this.listen = new ListenHub(listenLimits, () => this.getCapabilities());
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

  /** Opens a session for a transport; it is tracked until closed. */
  createSession(id: string | undefined, transport: TransportInfo['kind']): McpSession {
    const session = new McpSession(id, transport, this);
    this.sessions.add(session);
    session.onClose(() => this.sessions.delete(session));
    return session;
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
    if (this.protocolEras !== 'legacy') {
      const call = this.modern.connectionCall(session, request, signal, extra);
      if (call) return this.dispatchModern(request, call);
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
    try {
      return await method.handle(params, scope, this);
    } catch (error) {
      throw toMcpError(error) ?? error;
    }
  }

  /**
   * Serves one stateless 2026-07-28 request (no session): the modern method set, gated on the
   * current capabilities (unknown or not offered: -32601), params parsed with the table's modern
   * schema, the handler run with a scope whose `session` is undefined and whose notifications go
   * to `call.outlet`, and the result stamped (`resultType`, `_meta` serverInfo, cache hints).
   * Errors are thrown as `McpError` (a 2025 resource-not-found becomes -32602 `{ uri }`).
   */
  dispatchModern(request: JsonRpcRequest, call: ModernDispatch): Promise<Record<string, unknown>> {
    return this.modern.dispatch(request, call);
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

  /** Logs an unexpected error through the configured logger. */
  reportError(error: unknown, message: string): void {
    const err = error instanceof Error ? error : new Error(String(error));
    this.options.logger?.error(`${message}: ${err.message}`, err.stack);
  }

  /** {@inheritDoc ServerNotifier.notifyResourceUpdated} */
  notifyResourceUpdated(uri: string): void {
    void this.bus.publish({ type: 'resource-updated', uri });
  }

  /** {@inheritDoc ServerNotifier.notifyListChanged} */
  notifyListChanged(kind: PrimitiveListKind): void {
    void this.bus.publish({ type: 'list-changed', kind });
  }

  /**
   * Ends every listen stream with its result and waits one turn, so that connection transports
   * (stdio, WebSocket) have written the results before they close their sockets.
   */
  async endListenStreams(): Promise<void> {
    if (this.listen?.close()) await new Promise((resolve) => setImmediate(resolve));
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
