import { Logger } from '@nestjs/common';
import { AmqpServerLink } from '../../transports/broker/amqp-link.js';
import type { McpBrokerEndpoint } from '../../transports/broker/broker-options.interface.js';
import {
  McpBrokerServer,
  type McpBrokerServerOptions,
} from '../../transports/broker/mcp-broker-server.js';
import { NatsServerLink } from '../../transports/broker/nats-link.js';
import { discoveryGateOf } from '../discovery/discovery-gate.js';
import type { McpServer } from '../../server/mcp-server.js';

/**
 * The transport id of {@link McpMicroserviceServer}: `@MessagePattern` handlers bound to the
 * app's other transports are never handed to it.
 */
export const MCP_MICROSERVICE_TRANSPORT: unique symbol = Symbol.for(
  'nestjs-mcp:McpMicroserviceServer',
) as never;

/** Where a service's MCP endpoint lives on a broker, and how it serves there. */
export type McpMicroserviceOptions = McpBrokerEndpoint & McpBrokerServerOptions;

/**
 * A Nest custom transport strategy that serves the app's MCP server (its decorated tools,
 * prompts and resources, with guards, interceptors, pipes and request scope) over NATS or
 * RabbitMQ, in a hybrid app:
 * ```ts
 * app.connectMicroservice({
 *   strategy: new McpMicroserviceServer(app.get(McpServer), {
 *     nats: { servers: 'nats://127.0.0.1:4222', subject: 'mcp.weather' },
 *     principalClaims: { key: process.env.MCP_CLAIM_KEY!, audience: 'weather' },
 *   }),
 * });
 * await app.startAllMicroservices();
 * ```
 * Each replica joins the subject's queue group (or consumes the work queue), so replicas share
 * the load with no configuration. Needs `@nestjs/microservices` in the app (for
 * `connectMicroservice`) and the broker's client, `@nats-io/transport-node` or `amqplib`.
 */
export class McpMicroserviceServer {
  /** Nest binds only `@MessagePattern`s of this transport here (there are none). */
  readonly transportId = MCP_MICROSERVICE_TRANSPORT;
  private readonly broker: McpBrokerServer;
  private readonly logger = new Logger('McpMicroservice');

  constructor(server: McpServer, options: McpMicroserviceOptions) {
    const link = options.nats
      ? new NatsServerLink(options.nats)
      : new AmqpServerLink(options.rabbitmq!);
    // A hybrid app starts its microservices before `app.init()` registers the handlers.
    this.broker = new McpBrokerServer(server.core, link, options, discoveryGateOf(server));
  }

  /** Connects to the broker; Nest calls it from `startAllMicroservices()`. */
  listen(callback: (error?: unknown) => void): void {
    this.broker.listen().then(
      () => {
        this.logger.log(`MCP served on ${this.broker.description}`);
        callback();
      },
      (error: unknown) => callback(error),
    );
  }

  /** The 2025-era sessions this replica holds now (each lives on the replica that opened it). */
  get sessionCount(): number {
    return this.broker.sessionCount;
  }

  /** Aborts running calls and closes the connection; Nest calls it when the app closes. */
  close(): Promise<void> {
    return this.broker.close();
  }
}
