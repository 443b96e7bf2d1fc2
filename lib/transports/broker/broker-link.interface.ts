/**
 * The broker side of the MCP microservice transports: NATS and RabbitMQ each implement these two
 * links, and the MCP parts above them (`McpBrokerServer`, `BrokerClientTransport`) never name a
 * broker. Messages are the JSON-RPC text, unchanged; headers only carry the transport's own
 * facts (which request a reply belongs to, keep-alives).
 */

/** Header naming the JSON-RPC id (JSON-encoded) of the request a reply message belongs to. */
export const REQUEST_ID_HEADER = 'mcp-request-id';
/** Header of a keep-alive: the request is still running on the service (no body). */
export const KEEPALIVE_HEADER = 'mcp-keepalive';
/**
 * Headers of the keep-alives of a stateless (2026-07-28) call: the call's token on the replica
 * running it, and that replica's own address. The client cancels the call by sending its
 * `notifications/cancelled` there with the token in `mcp-call` (a replica's queue group peers
 * never see it).
 */
export const CALL_HEADER = 'mcp-call';
/** See {@link CALL_HEADER}. */
export const CALL_ADDRESS_HEADER = 'mcp-call-address';

/**
 * Header naming the 2025-era session a message belongs to: set by the service on every message of
 * a session (the `initialize` response first), and by the client on every later message of it.
 */
export const SESSION_ID_HEADER = 'mcp-session-id';
/**
 * Header of a session's `initialize` response: the replica's own address, where the client sends
 * every later message of the session (a session lives on the replica that opened it).
 */
export const SESSION_ADDRESS_HEADER = 'mcp-session-address';
/** Header of a body-less message that ends the session it names (the client closed). */
export const SESSION_END_HEADER = 'mcp-session-end';

/** One message a service received, with where its answers go (absent: nobody waits for one). */
export interface BrokerDelivery {
  readonly body: Uint8Array;
  /** The message's broker headers, names lower-cased (the transport's own, see above). */
  readonly headers: Readonly<Record<string, string>>;
  readonly reply?: BrokerReplyTo | undefined;
}

/** Where a client sends one message instead of the service's shared address (a session's replica). */
export interface BrokerTarget {
  readonly address: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** The reply address of one received message (a NATS inbox, a RabbitMQ reply queue). */
export interface BrokerReplyTo {
  /** A stable name of the address (the requester), for correlating later messages. */
  readonly address: string;
  /** Sends one message to the address. Never throws (a closed connection drops it). */
  send(body: string, headers: Readonly<Record<string, string>>): void;
}

/** Where a service receives its requests: a NATS queue group, a RabbitMQ work queue. */
export interface BrokerServerLink {
  /** What the link listens on, for logs (`nats subject "weather"`). */
  readonly description: string;
  /**
   * This replica's own address (a NATS subject, a RabbitMQ queue), set by `listen()`: messages
   * sent there reach this replica only, and are delivered to `onMessage` like the others.
   */
  readonly directAddress: string;
  /** Connects and starts delivering messages to `onMessage`. */
  listen(onMessage: (delivery: BrokerDelivery) => void): Promise<void>;
  /** Stops receiving and closes the connection it opened. */
  close(): Promise<void>;
}

/** How a client reaches a service: publishes requests, receives its answers on its own address. */
export interface BrokerClientLink {
  /** The service address, for error messages (`nats subject "weather"`). */
  readonly description: string;
  /**
   * Connects and starts delivering the messages that arrive on the client's reply address, each
   * with the reply tag of the request whose reply address it came on (undefined: an address given
   * with no tag); `onClosed` is called once if the connection ends without `close()`. A link that
   * reconnects on its own (NATS) calls `onInterrupted(true)` when the connection to the broker
   * drops (what was in flight is lost) and `onInterrupted(false)` once it is back.
   */
  start(
    onMessage: (
      body: Uint8Array,
      headers: Readonly<Record<string, string>>,
      tag: string | undefined,
    ) => void,
    onClosed: (error: Error) => void,
    onInterrupted?: (interrupted: boolean) => void,
  ): Promise<void>;
  /**
   * Publishes one message to the service with a reply address of the client. A request's `tag`
   * (unguessable, chosen by the client) goes with it such that the service's answers come back
   * with it and nobody else's do (NATS: the last token of the request's own reply subject;
   * RabbitMQ: the correlation id), and NATS' "no responders" status is reported with it; `to`
   * sends it to a replica's own address with headers instead of the service's shared address.
   */
  send(body: string, tag?: string, to?: BrokerTarget): Promise<void>;
  /** Closes the connection it opened. */
  close(): Promise<void>;
}
