/** A service's MCP endpoint on NATS: a subject, answered by a queue group of replicas. */
export interface McpNatsOptions {
  /** NATS server URLs (`nats://127.0.0.1:4222` or `127.0.0.1:4222`). */
  servers: string | readonly string[];
  /** The subject requests are sent on (e.g. `mcp.weather`). */
  subject: string;
  /**
   * The queue group of the service's replicas: each request goes to one of them. Default: the
   * subject. Server side only.
   */
  queue?: string | undefined;
  /** Further connection options of `@nats-io/transport-node`'s `connect()` (user, token, tls). */
  connection?: Readonly<Record<string, unknown>> | undefined;
}

/** A service's MCP endpoint on RabbitMQ: a work queue its replicas consume in turn. */
export interface McpRabbitMqOptions {
  /** The AMQP URL (`amqp://guest:guest@127.0.0.1:5672`). */
  url: string;
  /** The work queue requests are sent to (e.g. `mcp.weather`); declared non-durable. */
  queue: string;
  /** Unacknowledged messages a replica takes at a time (server side). Default 16. */
  prefetch?: number | undefined;
}

/** The broker a service's MCP endpoint lives on: exactly one of `nats`, `rabbitmq`. */
export type McpBrokerEndpoint =
  | { nats: McpNatsOptions; rabbitmq?: undefined }
  | { rabbitmq: McpRabbitMqOptions; nats?: undefined };
