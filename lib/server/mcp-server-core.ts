import { Subject, type Observable } from 'rxjs';
import type { JsonRpcNotification, JsonRpcRequest, RequestId } from '../protocol/json-rpc.js';
import type { InitializeResult, ServerCapabilities } from '../protocol/schema/index.js';
import { McpError } from '../errors/mcp.error.js';
import { deriveCapabilities } from './capabilities.js';
import type { ServerNotifier } from './context/request-scope.interface.js';
import { ServerErrorLog, type ClientErrorLevel } from './errors/server-error-log.js';
import type { HandlerHost } from './handlers/method-handler.interface.js';
import type { ProtocolEras } from '../protocol/modern/protocol-eras.js';
import type { ParamHeaderRule } from '../protocol/modern/mcp-header-annotations.js';
import type { ModernDispatch } from '../engine/request-outlet.interface.js';
export type { ModernDispatch, ClientNotificationEvent };
import {
  assertProtocolVersions,
  InitializeResults,
  legacyVersionsOf,
  supportedVersionsOf,
} from './server-identity.js';
import { negotiateProtocolVersion } from '../protocol/versions.js';
import { SchemaCompiler } from './schema/schema-compiler.js';
import { CustomMethods } from './hooks/custom-methods.js';
import { McpLifecycleHooks } from './hooks/lifecycle-hooks.js';
import { McpSessionComponents } from './session/session-components.js';
import type { McpSessionEndCause } from '../engine/session-end-cause.js';
import type { McpBroadcastAudience, McpBroadcastMessage } from '../stores/message-bus.interface.js';
import type { McpServerOptions } from './mcp-server-options.interface.js';
import { McpElicitations } from './elicitation/mcp-elicitations.js';
import type { PrimitiveListKind, PrimitiveLookup } from './registry/registry-view.interface.js';
import type { McpSession, SessionHost } from './session/mcp-session.js';
import { LiveSessions } from './session/live-sessions.js';
import type { ClientNotificationEvent } from './session/client-notification-event.js';
import { ModernDispatcher, type ModernDispatchHost } from './modern/modern-dispatcher.js';
import { ListenHub } from './listen/listen-hub.js';
import type { RefusalKind } from './limits/server-limits.js';
import { resolveListenLimits } from './listen/listen-options.interface.js';
import { InputRoundSettings } from './mrtr/input-round-settings.js';
import { resolveLimits } from './limits/limits-options.interface.js';
import { ListChangedAnnouncer } from './registry/list-changed-announcer.js';
import { ServerLimits, type SessionAdmission } from './limits/server-limits.js';
import type { SharedSessionCaps } from './limits/shared-session-caps.js';
import { serverStats, type McpServerStats } from './limits/server-stats.js';
import { DEFAULT_DRAIN_TIMEOUT_MS } from './shutdown/drain-gate.js';
import { ServerDrain } from './shutdown/server-drain.js';
import { RequestDispatch } from './request-dispatch.js';
import type { MessageExtra } from '../engine/session-message.interface.js';
import type { InboundRequest } from '../engine/json-rpc-peer.interface.js';
import type { TransportInfo } from '../engine/transport-info.interface.js';
import { InMemoryMessageBus } from '../stores/in-memory-message-bus.js';
import { TaskEngine } from './tasks/task-engine.js';
import type { McpBusEvent, MessageBus } from '../stores/message-bus.interface.js';
import { ClusterRelay } from './cluster/cluster-relay.js';
import { linkTasks } from './cluster/link-tasks.js';
import { deliverBusEvent } from './cluster/deliver-bus-event.js';
import { ServerEvents } from './cluster/server-events.js';

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
  /** URL-mode elicitations waiting for their out-of-band flow (`McpElicitations`). */
  readonly elicitations = new McpElicitations();
  /** Admission, dispatch and error mapping of every request. */
  private readonly requests: RequestDispatch;

  private readonly sessions: LiveSessions;
  private readonly clientNotifications = new Subject<ClientNotificationEvent>();
  private capabilities?: ServerCapabilities;
  private readonly initializeResults = new InitializeResults(this.options);
  /** The 2026-07-28 stateless dispatch and the `server/discover` result, built once. */
  private readonly modern: ModernDispatcher;
  /** The tasks of this server (tools that outlive their request). */
  readonly tasks: TaskEngine;
  /** This server's events on the bus, and the bus's events delivered here. */
  private readonly events: ServerEvents;
  /** Delivers a bus event on this instance (see {@link deliverBusEvent}). */
  private readonly deliver: (event: McpBusEvent) => void;
  /**
   * Set when the bus is shared with other instances: liveness, session changes and message
   * routing between them (see {@link ClusterRelay}).
   */
  readonly cluster?: ClusterRelay;
  /** {@inheritDoc SessionHost.requestIdPrefix} */
  readonly requestIdPrefix?: string;
  /** {@inheritDoc SessionHost.routeCancel} (only with a shared bus) */
  readonly routeCancel?: NonNullable<SessionHost['routeCancel']>;
  /** {@inheritDoc SessionHost.routeResponse} (only with a shared bus) */
  readonly routeResponse?: NonNullable<SessionHost['routeResponse']>;

  /** Which protocol eras this server serves (option `protocolEras`, default `'dual'`). */
  readonly protocolEras: ProtocolEras;
  /**
   * Revisions a 2026-07-28 request may name, as `server/discover` lists them and `-32022`
   * reports them: modern ones, plus the legacy ones in `'dual'` mode.
   */
  readonly supportedVersions: readonly string[];

  /** The legacy revisions `initialize` negotiates, newest first (option `protocolVersions`). */
  readonly legacyVersions: readonly string[];
  /** Lifecycle hooks: client initialized, client notification, session ended. */
  readonly hooks: McpLifecycleHooks;
  /** Vendor-prefixed request methods served in both eras. */
  readonly customMethods: CustomMethods;

  /** Notifications clients send (e.g. `notifications/roots/list_changed`). */
  readonly clientNotifications$: Observable<ClientNotificationEvent> =
    this.clientNotifications.asObservable();

  /** `list_changed` to everyone or to this instance's sessions, coalesced per list kind. */
  private readonly listChanged = new ListChangedAnnouncer(
    (event) => this.events.publish(event),
    (event) => this.deliver(event),
    () => this.cluster !== undefined,
  );

  constructor(
    readonly options: McpServerOptions,
    /** The registries, read-only. */
    readonly primitives: PrimitiveLookup,
    bus: MessageBus = new InMemoryMessageBus(),
    /** The schema compiler of the server's registrations (shared by sessions, custom methods). */
    readonly compiler: SchemaCompiler = new SchemaCompiler(),
  ) {
    this.pageSize = options.pageSize ?? 100;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 60_000;
    this.inputRounds = new InputRoundSettings(options.requestState, options.logger);
    this.errors = new ServerErrorLog(options.logger, options.exposeErrors);
    this.protocolEras = options.protocolEras ?? 'dual';
    assertProtocolVersions(options.protocolVersions, this.protocolEras);
    this.supportedVersions = supportedVersionsOf(this.protocolEras, options.protocolVersions);
    this.legacyVersions = legacyVersionsOf(this.protocolEras, options.protocolVersions);
    this.hooks = new McpLifecycleHooks(() => this.options.logger);
    this.customMethods = new CustomMethods(this.compiler);
    this.tasks = new TaskEngine(options.tasks, options.logger);
    this.modern = new ModernDispatcher(this);
    const limits = resolveLimits(
      options.limits,
      options.listen ? options.listen.maxStreams : undefined,
    );
    this.limits = new ServerLimits(limits, options.limitCounters);
    this.tasks.quota = this.limits.tasks;
    this.inputRounds.onRoundLimit = () => this.limits.count('maxInputRounds');
    const listenLimits = resolveListenLimits(options.listen, limits);
    if (listenLimits) {
      const count = (limit: RefusalKind) => this.limits.count(limit);
      this.listen = new ListenHub(listenLimits, () => this.getCapabilities(), count);
    }
    this.sessions = new LiveSessions(
      this,
      this.limits,
      () => this.shutdown.gate.draining,
      (session, reason, cause) => this.hooks.sessionClosed(session, reason, cause),
    );
    this.shutdown = new ServerDrain(
      { liveSessions: this.sessions, listen: this.listen, limits: this.limits },
      options.drainTimeoutMs ?? DEFAULT_DRAIN_TIMEOUT_MS,
    );
    this.requests = new RequestDispatch(this, this.shutdown, this.modern);
    if (bus.shared) {
      this.cluster = new ClusterRelay(bus, this.sessions);
      this.requestIdPrefix = this.cluster.requestIdPrefix;
      const cluster = this.cluster;
      this.routeResponse = (session, response) => cluster.routeResponse(session, response);
      this.routeCancel = (session, notification) => cluster.routeCancel(session, notification);
    }
    linkTasks(this.tasks, this.listen, this.cluster);
    const { sessions, listen, cluster } = this;
    const targets = { sessions, listen, cluster, server: this };
    this.deliver = (event) => deliverBusEvent(event, targets);
    this.events = new ServerEvents(bus, this.deliver, this.cluster?.instanceId);
    primitives.changes$.subscribe((kind) => {
      this.capabilities = undefined;
      this.modern.forgetDiscover();
      if (primitives.quiet) return; // a cluster-wide registration: its origin announces it once
      // A plain registration changes this instance only: on a shared bus only its sessions hear.
      this.listChanged.registryChanged(kind, this.cluster !== undefined);
    });
  }

  /** {@inheritDoc McpServerPort.listenKeepAliveMs} */
  get listenKeepAliveMs(): number | undefined {
    return this.listen?.limits.keepAliveMs;
  }

  /** Current server capabilities (cached until a registry changes). */
  getCapabilities(): ServerCapabilities {
    return (this.capabilities ??= deriveCapabilities(
      this.primitives,
      this.options.capabilities,
      this.options.extensions,
    ));
  }

  /** {@inheritDoc HandlerHost.negotiateVersion} */
  negotiateVersion(requested: unknown): string {
    if (this.legacyVersions.length === 0) {
      const data = { supported: [...this.supportedVersions], requested };
      throw McpError.invalidParams('Unsupported protocol version', data);
    }
    return negotiateProtocolVersion(requested, this.legacyVersions);
  }

  /** The `initialize` result for a negotiated revision (built once per revision, frozen). */
  initializeResult(protocolVersion: string): InitializeResult {
    return this.initializeResults.resultFor(this.getCapabilities(), protocolVersion);
  }

  /** {@inheritDoc HandlerHost.discoverResult} */
  discoverResult(): Record<string, unknown> {
    return this.modern.discoverResult();
  }

  /** Opens a session for a transport, tracked until closed: {@link LiveSessions.open}. */
  createSession(
    id: string | undefined,
    transport: TransportInfo['kind'],
    admission?: SessionAdmission,
  ): McpSession {
    return this.sessions.open(id, transport, admission);
  }

  /** The session caps of the whole service, when instances share limit counters. */
  get sharedSessions(): SharedSessionCaps | undefined {
    return this.limits.sharedSessions;
  }

  /** The drain window of {@link drain} in ms (option `drainTimeoutMs`, default 5000). */
  get drainTimeoutMs(): number {
    return this.shutdown.windowMs;
  }

  /** True once {@link drain} started: new sessions and requests are refused. */
  get draining(): boolean {
    return this.shutdown.gate.draining;
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

  /** {@inheritDoc ServerDrain.onStart} */
  onDrainStart(listener: () => void): void {
    this.shutdown.onStart(listener);
  }

  /** Number of live sessions in this process. */
  get sessionCount(): number {
    return this.sessions.size;
  }

  /** {@inheritDoc RequestDispatch.admitRequests} */
  admitRequests(session: Pick<McpSession, 'inFlightCount'>, count: number): void {
    this.requests.admitRequests(session, count);
  }

  /** Serves one request of a session (see {@link dispatchInbound}, which sessions call). */
  dispatch(
    session: McpSession,
    request: JsonRpcRequest,
    signal: AbortSignal,
    extra: MessageExtra,
  ): Promise<Record<string, unknown>> {
    return this.requests.dispatch(session, request, { signal, extra });
  }

  /** {@inheritDoc SessionHost.dispatchInbound} */
  dispatchInbound(
    session: McpSession,
    request: JsonRpcRequest,
    inbound: InboundRequest<MessageExtra>,
  ): Promise<Record<string, unknown>> {
    return this.requests.dispatch(session, request, inbound);
  }

  /** {@inheritDoc RequestDispatch.dispatchModern} */
  dispatchModern(request: JsonRpcRequest, call: ModernDispatch): Promise<Record<string, unknown>> {
    return this.requests.dispatchModern(request, call);
  }

  /** {@inheritDoc McpServerPort.paramHeaderRules} */
  paramHeaderRules(toolName: string): readonly ParamHeaderRule[] | undefined {
    return this.primitives.tools.get(toolName)?.headerRules;
  }

  /** {@inheritDoc SessionHost.onNotification} */
  onNotification(session: McpSession, notification: JsonRpcNotification): void {
    if (this.clientNotifications.observed) this.clientNotifications.next({ session, notification });
    this.hooks.clientNotified(session, notification);
  }

  /** {@inheritDoc SessionHost.sessionComponents} */
  sessionComponents(session: McpSession): McpSessionComponents {
    return new McpSessionComponents(session, this);
  }

  /** The live 2025-era session with this id in this process, if any. */
  session(id: string): McpSession | undefined {
    return this.sessions.get(id);
  }

  /**
   * Publishes a broadcast on the message bus: every instance delivers it to its own sessions in
   * the audience (2025 era; 2026-07-28 listen streams carry only what their filter asked for).
   */
  broadcast(to: McpBroadcastAudience, message: McpBroadcastMessage): void {
    this.events.publish({ type: 'broadcast', to, message });
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

  /** {@inheritDoc McpServerPort.reportClientErrorOnce} */
  reportClientErrorOnce(category: string, key: string, message: () => string): void {
    this.errors.clientOnce(category, key, message);
  }

  /** {@inheritDoc ServerNotifier.authSources} */
  get authSources() {
    return this.options;
  }

  /** {@inheritDoc ServerNotifier.notifyResourceUpdated} */
  notifyResourceUpdated(uri: string): void {
    this.events.publish({ type: 'resource-updated', uri });
  }

  /** {@inheritDoc ServerNotifier.notifyListChanged} */
  notifyListChanged(kind: PrimitiveListKind): void {
    this.listChanged.announce(kind); // a burst is announced at once, then once per 50 ms
  }

  /** {@inheritDoc SessionHost.sessionChanged} */
  sessionChanged(session: McpSession): void {
    this.cluster?.sessionChanged(session);
  }

  /** {@inheritDoc SessionHost.sessionClosed} */
  sessionClosed(session: McpSession, reason: string, cause: McpSessionEndCause): void {
    this.sessions.closed(session, reason, cause);
  }

  /** Ends every listen stream (with its result), closes every session and detaches from the bus. */
  close(): void {
    this.listChanged.close();
    this.events.close();
    this.tasks.abortAll(); // tasks running here end with the process (their records stay)
    this.cluster?.close();
    const closeSessions = () => this.sessions.closeAll('Server shutting down', 'shutdown');
    // Ended listen streams answer with their result, written a few microtasks later: next turn.
    if (this.listen?.close()) setImmediate(closeSessions);
    else closeSessions();
  }
}
