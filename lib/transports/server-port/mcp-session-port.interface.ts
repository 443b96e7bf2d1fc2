import type { Observable } from 'rxjs';
import type {
  McpSessionSink,
  OutboundMessage,
  MessageExtra,
} from '../../engine/session-message.interface.js';
import type { JsonRpcMessage, RequestId } from '../../protocol/json-rpc.js';
import type { ProtocolContext } from '../../protocol/protocol-context.interface.js';
import type { McpSessionEndCause } from '../../engine/session-end-cause.js';
import type { SessionAdmission } from '../../engine/transport-info.interface.js';

/**
 * What a server transport needs from one MCP session (the engine-facing session object of
 * lib/server satisfies it structurally): feed it client messages, deliver what it emits, and
 * follow its lifecycle. Transports never see the server's registries or handlers.
 */
export interface McpSessionPort {
  /** Session id (HTTP transports); undefined where the connection is the session. */
  readonly id: string | undefined;
  /** Negotiated protocol context; HTTP restores it when a session is rebuilt or stateless. */
  protocol: ProtocolContext;
  /** What the session was admitted with against the session caps (principal, address). */
  readonly admission?: SessionAdmission;
  /** Who opened the session (HTTP principal), if known. */
  principal?: string;
  /** True once `initialize` was handled; HTTP sets it for rebuilt and stateless sessions. */
  initialized: boolean;
  /** Set by stateless-mode HTTP on its throw-away sessions (no lifecycle hooks, no broadcasts). */
  ephemeral: boolean;
  /** Called once when `initialize` succeeds (HTTP persists the session record then). */
  onInitialized?: () => void;
  /** Resource subscriptions, persisted and restored by the HTTP session registry. */
  readonly subscriptions: Set<string>;
  /** {@link subscriptions} when a set was made (reading this allocates none). */
  readonly subscriptionsIfAny: ReadonlySet<string> | undefined;
  /** `ctx.session.state`: stored with the record when instances share the session store. */
  readonly state: SessionStatePort;
  /** {@link state} when it was made (reading this allocates none). */
  readonly stateIfAny: SessionStatePort | undefined;
  /** Revision of {@link state} last loaded or saved here (see `SessionRecord.stateRevision`). */
  stateRevision: number;
  /** Tag of that write (see `SessionRecord.stateTag`). */
  stateTag?: string;
  /**
   * Set by a transport that cannot carry every message: returns why one cannot be delivered, so a
   * server-to-client request fails at once instead of timing out.
   */
  undeliverable?: (out: OutboundMessage) => string | undefined;
  /** Every message for the client, in order; completes when the session closes. */
  readonly outbound$: Observable<OutboundMessage>;
  /** Ids of incoming requests that were cancelled and will get no response. */
  readonly abandoned$: Observable<RequestId>;
  /** Binds the session to its transport (see {@link McpSessionSink}); `undefined` unbinds. */
  bind(sink: McpSessionSink | undefined): void;
  /** True once closed. */
  readonly closed: boolean;
  /** Requests of this session being handled now. */
  readonly inFlightCount: number;
  /** Requests this session sent the client that wait for an answer. */
  readonly pendingCount: number;
  /**
   * Feeds one client message; a message forwarded to another instance returns the forwarding,
   * which rejects when the bus did not take it (the transport then answers 503, not 202).
   */
  receive(message: JsonRpcMessage, extra: MessageExtra): Promise<void> | undefined;
  /** Registers a callback run once when the session closes (at once when already closed). */
  onClose(listener: (reason: string, cause: McpSessionEndCause) => void): void;
  /**
   * Ends the session: aborts running handlers, completes `outbound$`. `cause` says why, for the
   * session-ended hook (DELETE, expiry, connection closed, shutdown).
   */
  close(reason?: string, cause?: McpSessionEndCause): void;
  /** Set by the transport: persists the session record after its subscriptions or log level changed. */
  onChanged?: () => void;
  /**
   * Set by the transport: delivers a message another instance forwarded for this session on a
   * stream held here; false when this instance holds none.
   */
  remoteDelivery?: (message: JsonRpcMessage) => boolean;
}

/** What a transport needs of a session's state: its entries, whether a request wrote them, load. */
export interface SessionStatePort extends Map<string, unknown> {
  /** True once written since the last save or load. */
  changed: boolean;
  /** The entries as a plain object. */
  toRecord(): Record<string, unknown>;
  /** Replaces the entries with stored ones (not a change). */
  load(entries: Record<string, unknown> | undefined): void;
}
