import {
  Inject,
  Logger,
  Module,
  Optional,
  type DynamicModule,
  type OnApplicationShutdown,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { DiscoveryModule, HttpAdapterHost } from '@nestjs/core';
import { HttpServerDrain } from '../transports/shared/http/http-server-drain.js';
import { nodeServerOf } from './http/mount-in-front.js';
import { McpElicitations } from '../server/elicitation/mcp-elicitations.js';
import { McpAuthorizationServer } from '../authorization-server/mcp-authorization-server.js';
import { McpServer } from '../server/mcp-server.js';
import { shareRedisWithAuthorizationServer } from './authorization-server/default-authorization-store.js';
import { McpServerCore } from '../server/mcp-server-core.js';
import type { EventStore } from '../stores/event-store.interface.js';
import { InMemoryEventStore } from '../stores/in-memory-event-store.js';
import type { MessageBus } from '../stores/message-bus.interface.js';
import type { SessionStore } from '../stores/session-store.interface.js';
import type { McpRedisStores } from '../stores/redis/create-redis-stores.js';
import { requireRequestStateKeys } from './redis/require-request-state-keys.js';
import { StreamableHttpHandler } from '../transports/http/streamable-http.handler.js';
import { SseHandler } from '../transports/sse/sse.handler.js';
import { createSseHandler } from './sse/sse-module-extras.js';
import { McpMetadataAccessor } from './discovery/mcp-metadata.accessor.js';
import { McpExplorer } from './discovery/mcp.explorer.js';
import { McpRawBody } from './http/mcp-raw-body.js';
import { McpRouteToolExplorer } from './route-tools/route-tool.explorer.js';
import {
  MCP_AUTH_OPTIONS,
  MCP_AUTHORIZATION_SERVER_AUTH,
  type McpAuthOptions,
} from './auth/mcp-auth-options.interface.js';
import { ProtectedResourceMetadataRoute } from './auth/protected-resource-metadata.route.js';
import { McpResourceServer } from './auth/mcp-resource-server.js';
import { McpHandlerFactory } from './invoker/mcp-handler.factory.js';
import { McpSettingsCheck } from './cluster/mcp-settings-check.js';
import {
  EVENT_STORE,
  MCP_REDIS_STORES,
  MESSAGE_BUS,
  TASK_STORE,
  mcpStoreProviders,
  SESSION_STORE,
} from './mcp-stores.providers.js';
import type { McpModuleFactoryOptions, McpModuleOptions } from './mcp-module-options.interface.js';
import {
  MCP_ASYNC_OPTIONS_TYPE,
  MCP_MODULE_OPTIONS,
  McpConfigurableModule,
} from './mcp.module-definition.js';
import { InMemoryTaskStore } from '../stores/in-memory-task-store.js';
import type { TaskStore } from '../stores/task-store.interface.js';
import { assertOptionsWithoutExtras } from './assert-options-without-extras.js';

/** The argument of `McpModule.forRootAsync`: a factory of options without extras, plus the extras. */
export type McpModuleAsyncOptions = Omit<typeof MCP_ASYNC_OPTIONS_TYPE, 'useFactory'> & {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Nest's own factory signature
  useFactory?: (...args: any[]) => McpModuleFactoryOptions | Promise<McpModuleFactoryOptions>;
};

/**
 * Gives a NestJS app an MCP server: discovers `@Tool`, `@Prompt`, `@Resource` and
 * `@ResourceTemplate` methods on providers and serves them over Streamable HTTP.
 * @example
 * ```ts
 * @Module({ imports: [McpModule.forRoot({ name: 'weather', version: '1.0.0' })], providers: [WeatherTools] })
 * export class AppModule {}
 * ```
 */
@Module({
  imports: [DiscoveryModule],
  providers: [
    McpMetadataAccessor,
    McpExplorer,
    McpRouteToolExplorer,
    McpHandlerFactory,
    McpRawBody,
    ...mcpStoreProviders,
    {
      provide: McpServer,
      inject: [MCP_MODULE_OPTIONS, MESSAGE_BUS, TASK_STORE, MCP_REDIS_STORES, MCP_AUTH_OPTIONS],
      useFactory: async (
        options: McpModuleOptions,
        bus: MessageBus,
        store: TaskStore,
        redis: McpRedisStores | undefined,
        { auth }: { auth?: McpAuthOptions },
      ) => {
        assertOptionsWithoutExtras(options);
        const requestState = requireRequestStateKeys(options.requestState, redis !== undefined);
        const tasks = { ...options.tasks, store };
        const limitCounters = options.limitCounters ?? redis?.limitCounters;
        const upstreamTokens = options.upstreamTokens ?? auth?.upstreamTokens;
        const tokenExchange = options.tokenExchange ?? auth?.tokenExchange;
        const serverOptions = {
          ...options,
          requestState,
          tasks,
          ...(limitCounters && { limitCounters }),
          ...(upstreamTokens && { upstreamTokens }),
          ...(tokenExchange && { tokenExchange }),
          logger: new Logger('McpServer'),
        };
        const server = new McpServer(serverOptions, bus);
        // A user back from signing in with the upstream again completes the URL elicitation.
        upstreamTokens?.onSignedIn?.((id) => server.elicitations.complete(id));
        return server;
      },
    },
    // The engine-facing part of the server, for transports.
    { provide: McpServerCore, inject: [McpServer], useFactory: (server: McpServer) => server.core },
    // URL-mode elicitations, completed from the app's callback routes.
    {
      provide: McpElicitations,
      inject: [McpServer],
      useFactory: (server: McpServer) => server.elicitations,
    },
    {
      provide: MCP_AUTH_OPTIONS,
      inject: [MCP_MODULE_OPTIONS, { token: MCP_AUTHORIZATION_SERVER_AUTH, optional: true }],
      // The module's own `auth`, else the in-app authorization server's.
      useFactory: ({ auth }: McpModuleOptions, fromAuthorizationServer?: McpAuthOptions) => ({
        auth: auth ?? fromAuthorizationServer,
      }),
    },
    McpResourceServer,
    ProtectedResourceMetadataRoute,
    McpSettingsCheck,
    {
      provide: StreamableHttpHandler,
      inject: [McpServerCore, MCP_MODULE_OPTIONS, EVENT_STORE, SESSION_STORE, McpResourceServer],
      useFactory: (
        server: McpServerCore,
        options: McpModuleOptions,
        eventStore: EventStore,
        sessionStore: SessionStore,
        resourceServer: McpResourceServer,
      ) =>
        new StreamableHttpHandler(
          server,
          resourceServer.enabled
            ? { ...options, authorizeRequests: resourceServer.authorizeRequests }
            : options,
          eventStore,
          sessionStore,
        ),
    },
    {
      provide: SseHandler,
      inject: [McpServer, MCP_MODULE_OPTIONS, SESSION_STORE, McpResourceServer],
      useFactory: createSseHandler,
    },
  ],
  exports: [
    McpServer,
    McpResourceServer,
    McpServerCore,
    McpElicitations,
    EVENT_STORE,
    SESSION_STORE,
    MESSAGE_BUS,
    TASK_STORE,
  ],
})
export class McpModule
  extends McpConfigurableModule
  implements OnModuleInit, OnModuleDestroy, OnApplicationShutdown
{
  /**
   * Options from a factory (`useFactory`, `useClass`, `useExisting`); extras (`path`, `http`,
   * `sse`, `websocket`, `isGlobal`) go next to `useFactory`: returned by the factory they are a
   * type error, and a startup error naming where they go.
   */
  static override forRootAsync(options: McpModuleAsyncOptions): DynamicModule {
    return super.forRootAsync(options);
  }

  constructor(
    private readonly server: McpServer,
    private readonly http: StreamableHttpHandler,
    private readonly sse: SseHandler,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(TASK_STORE) private readonly taskStore: TaskStore,
    @Inject(MCP_REDIS_STORES) private readonly redis: McpRedisStores | undefined,
    private readonly adapterHost: HttpAdapterHost,
    @Optional() authorizationServer?: McpAuthorizationServer,
  ) {
    super();
    // The in-app authorization server (global module) keeps its records on this module's Redis.
    shareRedisWithAuthorizationServer(authorizationServer, redis);
  }

  /** The HTTP side of the drain, on the app's Node HTTP server (none in a context without one). */
  private httpDrain?: HttpServerDrain;

  /** Starts keeping the app's HTTP connections, so the drain can close each at the right time. */
  onModuleInit(): void {
    const server = nodeServerOf(this.adapterHost?.httpAdapter);
    if (!server) return;
    const httpDrain = (this.httpDrain = new HttpServerDrain(server));
    // Whoever starts the drain (this module, the WebSocket gateway), the HTTP server stops with it.
    this.server.core.onDrainStart(() => httpDrain.start());
  }

  /**
   * Drains: the app's HTTP server stops taking new work at once (listener closed, idle keep-alive
   * connections closed, every answer from now on with `Connection: close`; see
   * `HttpServerDrain`), new sessions and requests arriving on a connection still open are refused
   * with 503 + `Retry-After` (or a -32000 error), requests in flight finish or are answered with an
   * error after `drainTimeoutMs`; then every session and stream ends (GET streams after their last
   * event id, so clients resume on another instance) and connections still open get a short grace
   * before they are closed. Runs on module destroy, before Nest closes the HTTP server, which
   * would otherwise wait forever for open streams and reused connections. Redis stays open until
   * {@link onApplicationShutdown}: requests answered during the drain still read sessions.
   */
  async onModuleDestroy(): Promise<void> {
    const httpDrain = this.httpDrain;
    await this.server.drain();
    this.http.close();
    this.sse.close();
    this.server.close();
    await httpDrain?.finish();
    // The default in-memory store has a sweep timer; user-provided stores are the user's to close.
    if (this.eventStore instanceof InMemoryEventStore) this.eventStore.dispose();
    if (this.taskStore instanceof InMemoryTaskStore) this.taskStore.close();
  }

  /** Closes the Redis connections made for the `redis` option, last: after the HTTP server closed. */
  onApplicationShutdown(): void {
    this.redis?.close();
  }
}
