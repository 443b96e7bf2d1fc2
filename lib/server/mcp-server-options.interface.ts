import type { ProtocolEras } from '../protocol/modern/protocol-eras.js';
import type { McpCacheOptions } from './registry/cache-hints.js';
import type { McpLogger } from '../engine/logger.interface.js';
import type { Icon } from '../protocol/schema/base.js';
import type { ListenOptions } from './listen/listen-options.interface.js';
import type { RequestStateOptions } from './mrtr/request-state-codec.js';
import type { McpTasksOptions } from './registry/task-options.interface.js';
import type { McpLimitsOptions } from './limits/limits-options.interface.js';
import type { LimitCounters } from '../stores/limit-counters.interface.js';
import type { McpSessionStateSeed } from './session/session-state-seed.js';
import type { McpUpstreamTokenSource } from './auth/upstream-token-source.interface.js';
import type { McpTokenExchanger } from './auth/token-exchanger.interface.js';

/** Identity of the server, sent as `serverInfo` (an MCP `Implementation`). */
export interface McpServerInfo {
  /** Programmatic name of the server. */
  name: string;
  /** Server version (semver recommended). */
  version: string;
  title?: string;
  description?: string;
  websiteUrl?: string;
  icons?: Icon[];
}

/** Options of the protocol server (framework-free part of `McpModule.forRoot()`). */
export interface McpServerOptions extends McpServerInfo {
  /** Instructions returned by `initialize`, telling the model how to use this server. */
  instructions?: string;
  /** Capabilities merged over the ones derived from what is registered (e.g. `experimental`). */
  capabilities?: Record<string, unknown>;
  /** Items per page of `tools/list`, `prompts/list`, `resources/list`, `resources/templates/list`. Default 100. */
  pageSize?: number;
  /** Timeout of server-to-client requests (sampling, elicitation, roots) in ms. Default 60 000. */
  requestTimeoutMs?: number;
  /**
   * `subscriptions/listen` streams of 2026-07-28 clients: keep-alive, or `false` to turn the
   * method off (serverless hosts; clients are then told of no `listChanged`/`subscribe`). Default:
   * on, keep-alive every 15 s; the stream cap is `limits.maxStreams`.
   */
  listen?: false | ListenOptions;
  /**
   * Multi-round-trip input (2026-07-28): `requestState` sealing keys (share them between
   * instances of one endpoint), TTL, most rounds per request, largest sealed state.
   */
  requestState?: RequestStateOptions;
  /**
   * Capacity limits: sessions (total, per principal, per address), requests in flight per
   * session, listen streams. Defaults: 10 000 / 1000 / 1000 sessions, 100 requests, 1000 streams.
   */
  limits?: McpLimitsOptions;
  /**
   * Counters shared by the instances of a service, so that the task caps, the Streamable HTTP
   * session caps and the rate limits count the whole service (see the limits guide).
   * `McpModule.forRoot({ redis })` sets the Redis ones; default: each instance counts its own.
   */
  limitCounters?: LimitCounters;
  /**
   * Where `ctx.auth.upstreamToken()` gets the signed-in user's upstream tokens. Set by
   * `McpModule` from `McpAuthorizationServerModule` when an upstream keeps its tokens.
   */
  upstreamTokens?: McpUpstreamTokenSource;
  /**
   * Where `ctx.auth.exchangeToken()` gets downstream tokens (RFC 8693 token exchange). Set by
   * `McpModule` from `McpAuthorizationServerModule` when it has `tokenExchange`.
   */
  tokenExchange?: McpTokenExchanger;
  /**
   * Graceful shutdown window (ms): at shutdown (`app.close()`, SIGTERM under `McpStdio`) new
   * sessions and requests are refused, requests in flight may finish for this long, then each one
   * still running is answered with a -32000 error. Default 5000.
   */
  drainTimeoutMs?: number;
  /**
   * Where the core logs: server faults at `error` with their stack and correlation id, client
   * errors (bad input, refusals) at `debug`/`warn` without a stack, rate-limited. Default: silence.
   */
  logger?: McpLogger;
  /**
   * Send the message of an unexpected handler error to the client (development only). Default
   * false: the client gets `-32603 Internal error` with `data: { correlationId }`, and the
   * message and stack go to the log under that id.
   */
  exposeErrors?: boolean;
  /**
   * Protocol eras served (on every transport): `'dual'` (default) serves stateless 2026-07-28
   * requests next to 2025 sessions; `'modern'` serves 2026-07-28 only; `'legacy'` only sessions.
   */
  protocolEras?: ProtocolEras;
  /**
   * Restrict the protocol revisions served (Hermes `supported_protocol_versions/0`), e.g.
   * `['2025-11-25', '2026-07-28']`. `initialize` negotiates among the 2025 ones (a client asking
   * for another gets the newest listed, per the spec); `server/discover` lists only these and a
   * 2026-07-28 request naming another gets -32022. Default: every revision of the served eras.
   */
  protocolVersions?: readonly string[];
  /**
   * Extensions advertised in `capabilities.extensions`, in the 2025 `initialize` result and the
   * 2026-07-28 `server/discover` result (MCP Apps is added by itself once a view is registered).
   */
  extensions?: Record<string, Record<string, unknown>>;
  /** Cache hints of 2026-07-28 results, per kind; default `{ ttlMs: 0, cacheScope: 'private' }`. */
  cache?: McpCacheOptions;
  /**
   * The state each 2025-era session starts with, from who opened it (principal, `request.user`,
   * transport), computed once at `initialize`; `ctx.clearSession()` restores it. Default: empty.
   * 2026-07-28 requests have no session (use `ctx.http` and guards there).
   */
  sessionState?: McpSessionStateSeed;
  /**
   * Tasks (tools registered with `task`): where task records live (default: in memory, this
   * process only), their default lifetime (1 h), the cap on a client-asked lifetime (24 h), the
   * polling interval suggested to clients (1000 ms) and the `tasks/list` page size (50).
   */
  tasks?: McpTasksOptions;
}
