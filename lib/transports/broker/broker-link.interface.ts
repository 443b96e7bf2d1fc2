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

/** One message a service received, with where its answers go (absent: nobody waits for one). */
export interface BrokerDelivery {
  readonly body: Uint8Array;
  readonly reply?: BrokerReplyTo | undefined;
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
   * Connects and starts delivering the messages that arrive on the client's reply address;
   * `onClosed` is called once if the connection ends without `close()`.
   */
  start(
    onMessage: (body: Uint8Array, headers: Readonly<Record<string, string>>) => void,
    onClosed: (error: Error) => void,
  ): Promise<void>;
  /**
   * Publishes one message to the service with the client's reply address; `requestId` (the
   * JSON-encoded id of a request) lets the link report a request nobody can take.
   */
  send(body: string, requestId?: string): Promise<void>;
  /** Closes the connection it opened. */
  close(): Promise<void>;
}
