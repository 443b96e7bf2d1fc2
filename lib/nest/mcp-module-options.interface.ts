import type { McpExplorerSettings } from './explorer/explorer-settings.js';
import type { McpServerOptions } from '../server/mcp-server-options.interface.js';
import type { EventStore } from '../stores/event-store.interface.js';
import type { MessageBus } from '../stores/message-bus.interface.js';
import type { SessionStore } from '../stores/session-store.interface.js';
import type { McpRedisOptions } from '../stores/redis/redis-options.interface.js';
import type { StreamableHttpOptions } from '../transports/http/streamable-http.options.js';
import type { McpAuthOptions } from './auth/mcp-auth-options.interface.js';
import type { McpRouteToolRef } from './decorators/route-tool.decorator.js';
import type { McpServerCardSettings } from './server-card/server-card-settings.js';
import type { McpSseExtras } from './sse/sse-module-extras.js';
import type { McpMicroserviceOptions } from './microservices/mcp-microservice.server.js';
import type { McpWebSocketSettings } from './websocket/mcp-websocket.providers.js';

/**
 * Options of `McpModule.forRoot()` / `forRootAsync()`: the server's identity and behaviour,
 * the Streamable HTTP settings, and optional store implementations (in-memory by default).
 */
export interface McpModuleOptions
  extends Omit<McpServerOptions, 'logger'>, Omit<StreamableHttpOptions, never> {
  /** Resumability store for SSE streams. Default: in memory. */
  eventStore?: EventStore;
  /** Session records, so several instances can serve one session. Default: in memory. */
  sessionStore?: SessionStore;
  /** Fan-out of server-wide notifications across instances. Default: in process. */
  messageBus?: MessageBus;
  /**
   * Runs the session store, event store and message bus on Redis (a URL, or options), so several
   * instances behind a plain load balancer serve one service. `eventStore`, `sessionStore` and
   * `messageBus` given explicitly win over it. Needs the optional peer `ioredis`; startup fails
   * with a clear error when Redis cannot be reached. Default: in memory.
   */
  redis?: string | McpRedisOptions;
  /**
   * With `redis`: what an instance does when its settings differ from the running instances' of
   * the same key prefix (a `requestState` key the others cannot open, or one of the settings that
   * must be equal, listed in the limits guide). `'log'` (default) logs an error at startup and
   * reports the instance `degraded` in `McpHealthIndicator`; `'refuse'` fails the startup with the
   * reason.
   */
  cluster?: { onMismatch?: 'log' | 'refuse' };
  /**
   * Discover tools, prompts and resources only in the providers of these modules (default: the
   * whole application). Use it to give several MCP servers in one app their own tool sets.
   */
  include?: Array<new (...args: never[]) => unknown>;
  /**
   * Leave out of list results the tools, prompts and resources whose guards would deny the
   * caller (the guards run per list request with an `'mcp'` context). Default `false`.
   */
  hideDeniedFromLists?: boolean;
  /**
   * A folder of skills (Skills extension, SEP-2640) read at bootstrap: each directory holding a
   * `SKILL.md` is a skill, served with the digests of its files. Broken front matter, a name
   * that is not its directory's, or a tool, prompt or resource it names in `metadata.mcp-tools`,
   * `mcp-prompts` or `mcp-resources` that is not registered fails bootstrap naming file and line.
   * A relative path is from the working directory. Default: none.
   */
  skills?: string;
  /**
   * Keep each call's context in an `AsyncLocalStorage`, for `getCurrentMcpContext()`. On Node 20
   * and 22 a storage in use turns on async hooks for every promise in the process, so there it is
   * on only while an MCP call runs (the promises between calls pay nothing); on Node 24 it is
   * close to free. Turn it off when no code calls `getCurrentMcpContext()`: handlers still get the
   * context as a parameter (`@McpCtx()`, or the second argument of an undecorated handler), and
   * streaming results, progress and cancellation work the same. With every MCP module of the app
   * off, `getCurrentMcpContext()` throws and says so. Default `true`.
   */
  asyncContext?: boolean;
  /**
   * Controller routes to expose as tools, as `@RouteTool()` does, without touching the
   * controllers: `[{ controller: UsersController, method: 'create', description: '...' }]`.
   * Options of a `@RouteTool()` on the same route win. Default: none.
   */
  routeTools?: McpRouteToolRef[];
  /**
   * The server as an OAuth 2.1 protected resource: protected resource metadata (RFC 9728) at
   * `/.well-known/oauth-protected-resource[/<path>]`, bearer tokens verified on the Streamable
   * HTTP endpoint (401 + `WWW-Authenticate`), required scopes per call (403
   * `insufficient_scope`). Default: none (no metadata, no token checks).
   */
  auth?: McpAuthOptions;
}

/**
 * Settings that change the module's shape, given next to the options (also with `forRootAsync`):
 * which transports are mounted and where.
 */
export interface McpModuleExtras {
  /** Path of the Streamable HTTP endpoint (relative to the global prefix). Default `'mcp'`. */
  path?: string;
  /** Mount the Streamable HTTP endpoint. Default `true`. */
  http?: boolean;
  /**
   * Serve the Streamable HTTP endpoint from a listener in front of the framework's router on the
   * Node HTTP server instead of a Nest controller: several times the throughput per core. The
   * path is resolved as the router does (global prefix, URI versioning, `RouterModule`); the
   * transport's checks, `auth`, the client address by the framework's proxy setting and tools'
   * guards, interceptors and pipes are kept; Nest middleware, HTTP-level guards, interceptors and
   * filters, body parsers and CORS do not run for the endpoint (see the fast path guide).
   * Startup fails without a Node HTTP server (Express or Fastify). Default `false`.
   */
  fastPath?: boolean;
  /**
   * Mount the legacy HTTP+SSE transport (2024-11-05) beside Streamable HTTP: `true` serves
   * GET `/sse` and POST `/messages`; or custom `{ path, messagesPath }` (relative to the global
   * prefix). Default `false`.
   */
  sse?: boolean | McpSseExtras;
  /** Register the module globally. Default `false`. */
  isGlobal?: boolean;
  /**
   * Serve MCP over WebSocket on the app's HTTP server: `true` mounts it at `/ws`; an object sets
   * `path` (absolute: the global prefix does not apply, as for Nest gateways), `keepAliveMs`,
   * `maxMessageBytes`, `maxBufferedBytes` and origin overrides (default: the module's
   * `dnsRebindingProtection`, `allowedHosts`, `allowedOrigins`). Needs the `ws` package.
   * Default `false`.
   */
  websocket?: boolean | McpWebSocketSettings;
  /**
   * Mount the explorer page (like Swagger UI, for MCP): `true` serves it at `/explorer`; an
   * object sets `path`, `title`, `enableInProduction`, `sandbox`. It lists and runs this server's
   * tools, prompts and resources through the Streamable HTTP endpoint and renders MCP App views
   * behind a sandbox proxy on an origin of their own (a second listener of the app, 127.0.0.1 on a
   * free port unless `sandbox` says otherwise). Behind the app's own guards; not mounted under
   * `NODE_ENV=production` unless `enableInProduction`. Default `false`.
   */
  explorer?: boolean | McpExplorerSettings;
  /**
   * Experimental (SEP-2127 is a draft; this follows its text of 2026-02-18): serve a Server Card,
   * what clients, registries and crawlers learn before connecting (name, version, endpoints per
   * transport with their protocol revisions and auth, capabilities, tools, prompts, resources), at
   * `/.well-known/mcp/server-card` and as the resource `mcp://server-card.json`. `true` takes
   * everything from the options; the card's name must be reverse-DNS (`io.github.acme/weather`):
   * the server's `name`, or `serverCard.name`. Default `false`.
   */
  serverCard?: boolean | McpServerCardSettings;
  /**
   * Also serve this server on a broker, from the app's own lifecycle: `{ nats: { servers,
   * subject } }` or `{ rabbitmq: { url, queue } }`, plus `principalClaims`, `keepAliveMs` and the
   * other `McpMicroserviceServer` options. It connects during `app.init()` (no
   * `connectMicroservice`/`startAllMicroservices`) and closes when the app closes. Needs the
   * broker's client (`@nats-io/transport-node` or `amqplib`). Default: none.
   */
  microservice?: McpMicroserviceOptions | undefined;
}

/**
 * Module options as a `forRootAsync` factory (or options class) returns them: without extras,
 * which go next to `useFactory` (they shape the routes before the factory runs).
 */
export type McpModuleFactoryOptions = McpModuleOptions & {
  [K in keyof McpModuleExtras]?: never;
};
