import type { JsonRpcMessage, RequestId } from '../protocol/json-rpc.js';
import type { ProtocolContext } from '../protocol/protocol-context.interface.js';
import type { TransportInfo } from './transport-info.interface.js';
import type { McpSessionEndCause } from './session-end-cause.js';

/** What the engine passes along with each incoming message. */
export interface MessageExtra {
  transport: TransportInfo;
  /** Set for stateless (2026-07-28) requests that carry their own protocol context. */
  protocol?: ProtocolContext;
  /**
   * Who sent this one request, where the transport verifies it per message (a broker's signed
   * principal claim: one gateway session carries many callers); else the session's principal.
   */
  principal?: string;
}

/** One server-to-client message and the incoming request it belongs to (if any). */
export interface OutboundMessage {
  message: JsonRpcMessage;
  relatedRequestId?: RequestId;
}

/**
 * The transport a session is bound to, called directly for each message (cheaper per idle
 * session than a subscription to `outbound$` and `abandoned$`, which stay for other listeners).
 */
export interface McpSessionSink {
  /** Delivers one server-to-client message (in order). */
  deliver(out: OutboundMessage): void;
  /** An incoming request was cancelled and will get no response: release what it holds. */
  abandoned?(id: RequestId): void;
  /** Why this message cannot be delivered (a server-to-client request then fails at once), if so. */
  undeliverable?(out: OutboundMessage): string | undefined;
  /**
   * `initialize` succeeded (HTTP persists the session record then); the `initialize` answer waits
   * for the returned promise, and a rejection fails `initialize`.
   */
  initialized?(): void | Promise<void>;
  /** A request changed the session's state: store it (awaited before the request's answer). */
  saveState?(): Promise<void>;
  /**
   * Settles once the messages delivered so far that the transport keeps in a log shared by
   * instances are stored there; undefined when none is pending. A request's answer waits for it,
   * so what its handler sent comes before anything caused by a later request, on any instance.
   */
  logged?(): Promise<unknown> | undefined;
  /** The subscriptions or the log level changed. */
  changed?(): void;
  /** The session closed (after its close listeners). */
  closed?(reason: string, cause: McpSessionEndCause): void;
}
