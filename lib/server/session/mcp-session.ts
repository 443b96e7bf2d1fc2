import { Subject, type Observable } from 'rxjs';
import { JsonRpcPeer } from '../../engine/json-rpc-peer.js';
import { ErrorCode } from '../../protocol/error-codes.js';
import { McpError } from '../../errors/mcp.error.js';
import type {
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  RequestId,
} from '../../protocol/json-rpc.js';
import type {
  McpSessionSink,
  MessageExtra,
  OutboundMessage,
} from '../../engine/session-message.interface.js';
import type { ProtocolContext } from '../../protocol/protocol-context.interface.js';
import type { ServerCapabilities } from '../../protocol/schema/index.js';
import type { SessionAdmission, TransportInfo } from '../../engine/transport-info.interface.js';
import type { PrimitiveListKind } from '../registry/registry-view.interface.js';
import type { McpSessionComponents } from './session-components.js';
import type { McpSessionEndCause } from '../../engine/session-end-cause.js';
import { SessionPeerBinding } from './session-peer-binding.js';
import { SessionState } from './session-state.js';
import type { InboundRequest } from '../../engine/json-rpc-peer.interface.js';

/** Request dispatcher a session forwards its incoming requests to (the server). */
export interface SessionHost {
  /** Serves one request; `inbound.signal` may be made on first read, so read it only when needed. */
  dispatchInbound(
    session: McpSession,
    request: JsonRpcRequest,
    inbound: InboundRequest<MessageExtra>,
  ): Promise<Record<string, unknown>>;
  onNotification(session: McpSession, notification: JsonRpcNotification, extra: MessageExtra): void;
  onError(error: unknown, context: { method: string; id?: RequestId; sessionId?: string }): void;
  /** Default timeout of server-to-client requests. */
  readonly requestTimeoutMs: number;
  /** Makes the per-session components of a session (on its first registration). */
  sessionComponents?(session: McpSession): McpSessionComponents;
  /** Prefix of server-to-client request ids (instances sharing a bus): `<instance>~`. */
  readonly requestIdPrefix?: string;
  /**
   * Forwards a response meant for another instance (set with a shared bus): the forwarding, which
   * rejects when the bus did not take it, or undefined when the response is this instance's.
   */
  routeResponse?(session: McpSession, response: JsonRpcResponse): Promise<void> | undefined;
  /**
   * A `notifications/cancelled` for a request not running here: for the instance running it
   * (set with a shared bus); rejects when the bus did not take it.
   */
  routeCancel?(session: McpSession, notification: JsonRpcNotification): Promise<void>;
  /** Called after the session's subscriptions or log level changed. */
  sessionChanged?(session: McpSession): void;
  /** Called once when the session closes, before its close listeners. */
  sessionClosed?(session: McpSession, reason: string, cause: McpSessionEndCause): void;
}

/**
 * One client conversation: its negotiated protocol context, log level, resource subscriptions,
 * user state (Hermes `assigns`) and the JSON-RPC peer. Transports feed it with {@link receive} and
 * deliver what it emits on {@link outbound$} (RxJS), routing by `relatedRequestId`.
 */
export class McpSession {
  /** Negotiated protocol context (set by `initialize`). */
  protocol: ProtocolContext = { protocolVersion: '', clientCapabilities: {} };
  /** True once `initialize` has been handled (or the transport is stateless). */
  initialized = false;
  /** The server capabilities this session was told at `initialize` (gates methods and notifications). */
  advertised?: ServerCapabilities;
  /** Called once when `initialize` succeeds (transports persist the session then). */
  onInitialized?: () => void;
  /** The state a fresh session starts with (option `sessionState`, computed at initialize). */
  stateSeed?: Readonly<Record<string, unknown>>;
  /** The JSON-RPC peer of this conversation. */
  readonly peer: JsonRpcPeer<MessageExtra>;
  /** Epoch ms of the last message received. */
  lastActivity = Date.now();
  /** The principal the session was opened by (HTTP: the transport's `principal(req)`), if known. */
  principal?: string;
  /** A throw-away session of one stateless-mode POST (no lifecycle hooks fire for it). */
  ephemeral = false;
  /** Why the session ended (set by {@link close}). */
  endCause?: McpSessionEndCause;
  /** What the session was admitted with against the session caps (released when it closes). */
  admission?: SessionAdmission;
  /** `performance.now()` when the session was made (its duration in telemetry). */
  readonly openedAt = performance.now();
  /** {@inheritDoc McpSessionPort.onChanged} */
  onChanged?: () => void;
  /** {@inheritDoc McpSessionPort.remoteDelivery} */
  remoteDelivery?: (message: JsonRpcMessage) => boolean;
  /**
   * Set by a transport that cannot carry every message: returns why a message cannot be delivered
   * (then a server-to-client request fails at once instead of waiting for its timeout).
   */
  undeliverable?: (out: OutboundMessage) => string | undefined;
  /** {@inheritDoc McpSessionPort.stateRevision} */
  stateRevision = 0;
  /** {@inheritDoc McpSessionPort.stateTag} */
  stateTag?: string;
  /** Set by {@link changed}: the record is saved before the request is answered. */
  private recordChanged = false;
  // Made on first use: most sessions never need them (issue 16: idle sessions cheap).
  private ownComponents?: McpSessionComponents;
  private ownState?: SessionState;
  private ownSubscriptions?: Set<string>;
  private sink?: McpSessionSink;
  private closeListeners?: Array<(reason: string, cause: McpSessionEndCause) => void>;
  private outbound?: Subject<OutboundMessage>;
  private abandoned?: Subject<RequestId>;

  constructor(
    /** Session id (HTTP transports); undefined for stdio/WebSocket where the connection is the session. */
    readonly id: string | undefined,
    readonly transportKind: TransportInfo['kind'],
    private readonly host: SessionHost,
  ) {
    this.peer = new JsonRpcPeer<MessageExtra>(new SessionPeerBinding(this, host));
  }

  /**
   * Per-session user state that persists across requests (made on first use). With a shared
   * session store it travels with the session record, as JSON.
   */
  get state(): SessionState {
    return (this.ownState ??= new SessionState());
  }

  /** URIs the client subscribed to with `resources/subscribe` (made on first use). */
  get subscriptions(): Set<string> {
    return (this.ownSubscriptions ??= new Set());
  }

  /** The state if it was made (undefined for a session that never used it: nothing allocated). */
  get stateIfAny(): SessionState | undefined {
    return this.ownState;
  }

  /** The subscriptions if any set was made (undefined for most sessions: nothing allocated). */
  get subscriptionsIfAny(): ReadonlySet<string> | undefined {
    return this.ownSubscriptions;
  }

  /**
   * True when a request wrote {@link state}, or changed the subscriptions or the log level
   * ({@link changed}), since the session was last saved or loaded.
   */
  get stateChanged(): boolean {
    return this.ownState?.changed === true || this.recordChanged;
  }

  /**
   * Stores the session through the transport when a request changed it (shared session store);
   * awaited before that request is answered, so the client's next request reads it anywhere.
   */
  async saveState(): Promise<void> {
    if (!this.stateChanged) return;
    this.recordChanged = false;
    if (!this.sink?.saveState) {
      if (this.ownState) this.ownState.changed = false;
      return;
    }
    await this.sink.saveState();
  }

  /**
   * Settles once the messages sent so far that the transport keeps in a log shared by instances
   * are stored (undefined when none is pending): awaited before a request is answered, so what
   * its handler sent comes before anything the client's next request causes, on any instance.
   */
  logged(): Promise<unknown> | undefined {
    return this.sink?.logged?.();
  }

  /** Every message the server sends to this client, in order; completes when the session closes. */
  get outbound$(): Observable<OutboundMessage> {
    return (this.outbound ??= this.subject<OutboundMessage>()).asObservable();
  }

  /** Ids of incoming requests that were cancelled and will get no response. */
  get abandoned$(): Observable<RequestId> {
    return (this.abandoned ??= this.subject<RequestId>()).asObservable();
  }

  /** A subject for a listener that came late: already complete when the session is closed. */
  private subject<T>(): Subject<T> {
    const subject = new Subject<T>();
    if (this.closed) subject.complete();
    return subject;
  }

  /**
   * Binds the session to its transport: every outgoing message goes to `sink` first (then to any
   * `outbound$` subscriber). One sink per session; a later bind replaces it.
   */
  bind(sink: McpSessionSink | undefined): void {
    this.sink = sink;
  }

  /** Sends one outgoing message (the peer's `send`). @throws McpError when it cannot be delivered. */
  emitOutbound(out: OutboundMessage): void {
    const reason = this.sink?.undeliverable?.(out) ?? this.undeliverable?.(out);
    if (reason) throw new McpError(ErrorCode.InternalError, `Cannot reach the client: ${reason}`);
    this.sink?.deliver(out);
    this.outbound?.next(out);
  }

  /** Tells the transport an incoming request was cancelled and gets no response (the peer's `onAbandoned`). */
  emitAbandoned(id: RequestId): void {
    this.sink?.abandoned?.(id);
    this.abandoned?.next(id);
  }

  /**
   * Feeds one message from the client. A message for another instance (an answer to a request it
   * sent, a cancellation of a request it runs) is forwarded over the bus: the forwarding is
   * returned, rejecting when the bus did not take it (the transport answers 503 then); waiting
   * for it is optional (a rejection nobody waits for is not reported as unhandled).
   */
  receive(message: JsonRpcMessage, extra: MessageExtra): Promise<void> | undefined {
    this.lastActivity = Date.now();
    if (this.host.routeResponse && !('method' in message)) {
      const forwarded = this.host.routeResponse(this, message);
      if (forwarded) return forwarded; // an answer to a request another instance sent
    }
    if (this.host.routeCancel && isCancelOfOther(message, this.peer)) {
      return this.host.routeCancel(this, message); // the request runs on another instance, maybe
    }
    this.peer.receive(message, extra);
    return undefined;
  }

  /** Empties {@link state}, then puts the {@link stateSeed} entries back. */
  resetState(): void {
    this.ownState?.clear();
    for (const [key, value] of Object.entries(this.stateSeed ?? {})) this.state.set(key, value);
  }

  /** Records that the subscriptions or the log level changed (persisted, told to other instances). */
  changed(): void {
    this.recordChanged = true;
    this.onChanged?.();
    this.sink?.changed?.();
    this.host.sessionChanged?.(this);
  }

  /**
   * Runs what waits for `initialize` to succeed ({@link onInitialized}, the sink's `initialized`,
   * which stores the session record): `initialize` is answered once the promise it returns (if
   * any: HTTP) resolves; a transport that stores nothing answers at once.
   */
  announceInitialized(): void | Promise<void> {
    this.onInitialized?.();
    return this.sink?.initialized?.();
  }

  /** Registers a callback run once when the session closes. */
  onClose(listener: (reason: string, cause: McpSessionEndCause) => void): void {
    if (this.peer.closed) listener('closed', this.endCause ?? 'closed');
    else (this.closeListeners ??= []).push(listener);
  }

  /**
   * This session's own tools, prompts, resources and templates (made on first use; see
   * {@link McpSessionComponents}).
   */
  get components(): McpSessionComponents {
    if (!this.ownComponents) {
      if (!this.host.sessionComponents)
        throw new Error('This server has no per-session components');
      this.ownComponents = this.host.sessionComponents(this);
    }
    return this.ownComponents;
  }

  /** The session's components if any were made (undefined for most sessions). */
  get componentsIfAny(): McpSessionComponents | undefined {
    return this.ownComponents;
  }

  /**
   * Sends `notifications/<kind>/list_changed` to this client alone, when it was told
   * `listChanged` for that kind at initialize (a session restored from the store on this
   * instance was told elsewhere: sent). No-op before initialize and after close.
   */
  notifyListChanged(kind: PrimitiveListKind): void {
    if (!this.initialized || this.closed) return;
    if (this.advertised && this.advertised[kind]?.listChanged !== true) return;
    this.peer.notify(`notifications/${kind}/list_changed`);
  }

  /** Requests of this session being handled now. */
  get inFlightCount(): number {
    return this.peer.inFlightCount;
  }

  /** Requests this session sent the client that wait for an answer. */
  get pendingCount(): number {
    return this.peer.pendingCount;
  }

  /** True once closed. */
  get closed(): boolean {
    return this.peer.closed;
  }

  /**
   * Ends the session: aborts running handlers, rejects pending server-to-client requests.
   * `cause` is what the session-terminated hook reports (DELETE, expiry, transport, shutdown).
   */
  close(reason = 'Session closed', cause: McpSessionEndCause = 'closed'): void {
    if (this.peer.closed) return;
    this.endCause = cause;
    this.peer.close(reason);
    this.host.sessionClosed?.(this, reason, cause);
    const listeners = this.closeListeners ?? [];
    this.closeListeners = undefined;
    for (const listener of listeners) listener(reason, cause);
    this.sink?.closed?.(reason, cause);
    this.outbound?.complete();
    this.abandoned?.complete();
  }
}

/** A `notifications/cancelled` naming a request this peer is not handling. */
function isCancelOfOther(
  message: JsonRpcMessage,
  peer: JsonRpcPeer<MessageExtra>,
): message is JsonRpcNotification {
  if (!('method' in message) || message.method !== 'notifications/cancelled' || 'id' in message)
    return false;
  const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
  return (typeof id === 'string' || typeof id === 'number') && !peer.isHandling(id);
}
