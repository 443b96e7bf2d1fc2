import { Subject, type Observable } from 'rxjs';
import type { JsonRpcNotification, JsonRpcRequest, RequestId } from '../protocol/json-rpc.js';
import type { InitializeResult, ServerCapabilities } from '../protocol/schema/index.js';
import { McpError } from '../errors/mcp.error.js';
import { deriveCapabilities } from './capabilities.js';
import type { RequestScope, ServerNotifier } from './context/request-scope.interface.js';
import { toMcpError } from './errors/to-mcp-error.js';
import type { HandlerHost } from './handlers/method-handler.interface.js';
import { createServedMethods } from './handlers/served-methods.js';
import type { McpServerOptions } from './mcp-server-options.interface.js';
import type { PrimitiveListKind, PrimitiveLookup } from './registry/registry-view.interface.js';
import { McpSession, type SessionHost } from './session/mcp-session.js';
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
export class McpServerCore implements SessionHost, ServerNotifier, HandlerHost {
  /** Page size of list results. */
  readonly pageSize: number;
  /** Timeout of server-to-client requests. */
  readonly requestTimeoutMs: number;
  /** {@inheritDoc HandlerHost.inputRounds} */
  readonly inputRounds: InputRoundSettings;

  private readonly sessions = new Set<McpSession>();
  private readonly clientNotifications = new Subject<ClientNotificationEvent>();
  private capabilities?: ServerCapabilities;
  private readonly unsubscribeBus: () => void;

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
    this.unsubscribeBus = bus.subscribe((event) => this.deliver(event));
    primitives.changes$.subscribe((kind) => {
      this.capabilities = undefined;
      this.notifyListChanged(kind);
    });
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
    const method = SERVED.get(request.method);
    if (!method) throw McpError.methodNotFound(request.method);
    if (!session.initialized && request.method !== 'initialize' && request.method !== 'ping') {
      throw McpError.invalidRequest('The session is not initialized: send initialize first');
    }
    // Gate on what this client was told at initialize, not on what is registered now.
    const gate = method.capability;
    if (gate && !(gate in (session.advertised ?? this.getCapabilities()))) {
      throw McpError.methodNotFound(request.method);
    }
    const params = method.parseParams(request.params);
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

  /** Closes every session and detaches from the bus. */
  close(): void {
    this.unsubscribeBus();
    for (const session of [...this.sessions]) session.close('Server shutting down');
  }

  private toldListChanged(session: McpSession, kind: PrimitiveListKind): boolean {
    const capability = (session.advertised ?? this.getCapabilities())[kind];
    return capability?.listChanged === true;
  }

  private deliver(event: McpBusEvent): void {
    for (const session of this.sessions) {
      if (!session.initialized || session.closed) continue;
      if (event.type === 'resource-updated') {
        if (session.subscriptions.has(event.uri)) {
          session.peer.notify('notifications/resources/updated', { uri: event.uri });
        }
      } else if (this.toldListChanged(session, event.kind)) {
        session.peer.notify(`notifications/${event.kind}/list_changed`);
      }
    }
  }
}
