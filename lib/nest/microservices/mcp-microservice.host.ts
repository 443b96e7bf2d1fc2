import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type Provider,
} from '@nestjs/common';
import { McpServer } from '../../server/mcp-server.js';
import { McpMicroserviceServer, type McpMicroserviceOptions } from './mcp-microservice.server.js';

/** The token of the `microservice` extra's options inside one `McpModule`. */
export const MCP_MICROSERVICE_OPTIONS = Symbol.for('nestjs-mcp:MicroserviceOptions');

/**
 * The `microservice` extra of `McpModule.forRoot()`: serves the module's MCP server on NATS or
 * RabbitMQ from the app's own lifecycle, so the app calls neither `connectMicroservice` nor
 * `startAllMicroservices`. It connects in `onApplicationBootstrap` (inside `app.init()` /
 * `app.listen()`, after every provider is ready, so a broken broker fails the bootstrap) and
 * closes before the app's shutdown hooks. A module cannot reach `app.connectMicroservice` (it has
 * no `INestApplication`), and the MCP pipeline (guards, interceptors, pipes) runs in the MCP
 * server, not in Nest's microservice context, so nothing is lost by not going through it.
 */
@Injectable()
export class McpMicroserviceHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('McpMicroservice');
  /** The strategy serving this module's server (also usable with `connectMicroservice`). */
  readonly strategy: McpMicroserviceServer;

  constructor(
    server: McpServer,
    @Inject(MCP_MICROSERVICE_OPTIONS) options: McpMicroserviceOptions,
  ) {
    this.strategy = new McpMicroserviceServer(server, options);
  }

  /** Connects to the broker; a failure fails `app.init()`. */
  onApplicationBootstrap(): Promise<void> {
    return new Promise((resolve, reject) =>
      this.strategy.listen((error) => (error === undefined ? resolve() : reject(error as Error))),
    );
  }

  /** Stops taking requests (running calls are aborted) before the rest of the app closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.strategy.close().catch((error: unknown) => {
      this.logger.warn(`closing the broker connection failed: ${(error as Error).message}`);
    });
  }
}

/** The providers of the `microservice` extra. */
export function createMcpMicroserviceProviders(options: McpMicroserviceOptions): Provider[] {
  if (!options.nats === !options.rabbitmq) {
    throw new Error('McpModule: the microservice extra needs exactly one of `nats`, `rabbitmq`');
  }
  return [{ provide: MCP_MICROSERVICE_OPTIONS, useValue: options }, McpMicroserviceHost];
}
