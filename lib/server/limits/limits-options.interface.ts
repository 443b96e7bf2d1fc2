/**
 * Capacity limits of one server instance (the `limits` option of the server and of
 * `McpModule.forRoot()`). Past a limit the request or session is refused with a
 * `CapacityError` (-32000): over HTTP 503 (server-wide) or 429 (per principal, address or
 * session) with `Retry-After`; over WebSocket and stdio a JSON-RPC error response. Every refusal
 * is counted in `McpServer.stats()`.
 */
export interface McpLimitsOptions {
  /**
   * Most live 2025-era sessions (Streamable HTTP sessions, legacy SSE streams, WebSocket
   * connections) at once; one more is refused with 503. Idle HTTP sessions still expire
   * (`sessionIdleTimeoutMs`), which frees room. Default 10 000.
   */
  maxSessions?: number;
  /** Most live sessions of one principal (when a principal is known); 429. Default 1000. */
  maxSessionsPerPrincipal?: number;
  /**
   * Most live sessions from one client address; 429. The address is the one the framework
   * resolves (`req.ip`): behind a reverse proxy, trust it (`app.set('trust proxy', ...)` on
   * Express, `trustProxy` on Fastify, option `clientAddress` on plain Node) so each client keeps
   * its own cap; otherwise every client shares the proxy's address. Default 1000.
   */
  maxSessionsPerAddress?: number;
  /**
   * Most requests of one session (or WebSocket/stdio connection) handled at once; one more gets
   * 429 over HTTP, a -32000 error response elsewhere. Default 100.
   */
  maxInFlightPerSession?: number;
  /**
   * Most `subscriptions/listen` streams (2026-07-28) open at once; one more gets 503. Replaces
   * `listen.maxStreams` (still read when this is absent). 2025 standalone GET streams are bounded
   * by `maxSessions` (one per session). Default 1000.
   */
  maxStreams?: number;
  /**
   * Most unexpired tasks one owner created on this instance (a 2026-07-28 principal; without one,
   * the 2025 session, or all anonymous 2026 callers together); one more gets 429. A task counts
   * until its TTL ends (its record and result are kept that long), finished or not. Default 200.
   */
  maxTasksPerOwner?: number;
  /** Most unexpired tasks on this instance, every owner together; one more gets 503. Default 2000. */
  maxTasks?: number;
  /**
   * Most server-to-client requests (`ctx.elicit()`, `ctx.sample()`, `ctx.listRoots()`) one
   * 2025-era session waits on at once; one more fails in the handler with a -32000 refusal (429
   * when the reply is still plain JSON). Each waits at most `requestTimeoutMs`. Default 32.
   */
  maxPendingClientRequestsPerSession?: number;
  /** `Retry-After` (seconds) sent with every refusal. Default 1. */
  retryAfterSeconds?: number;
  /**
   * With counters shared by the instances (Redis): how long a WebSocket connection or legacy
   * HTTP+SSE stream keeps its place in the session caps after its instance last renewed it. The
   * instance renews its open connections every third of it (one batched Redis call, never per
   * message), so the places of an instance that dies free themselves within this time. Default
   * 30 000 ms.
   */
  connectionLeaseMs?: number;
}

/** {@link McpLimitsOptions} with every default applied. */
export type ResolvedLimits = Readonly<Required<McpLimitsOptions>>;

/** Default of {@link McpLimitsOptions.maxSessions}. */
export const DEFAULT_MAX_SESSIONS = 10_000;
/** Default of {@link McpLimitsOptions.maxSessionsPerPrincipal} and `maxSessionsPerAddress`. */
export const DEFAULT_MAX_SESSIONS_PER_CLIENT = 1000;
/** Default of {@link McpLimitsOptions.maxTasksPerOwner}. */
export const DEFAULT_MAX_TASKS_PER_OWNER = 200;
/** Default of {@link McpLimitsOptions.maxTasks}. */
export const DEFAULT_MAX_TASKS = 2000;
/** Default of {@link McpLimitsOptions.connectionLeaseMs}. */
export const DEFAULT_CONNECTION_LEASE_MS = 30_000;
/** Default of {@link McpLimitsOptions.maxInFlightPerSession}. */
export const DEFAULT_MAX_IN_FLIGHT_PER_SESSION = 100;

/**
 * Applies the defaults once at bootstrap; `legacyMaxStreams` is the deprecated
 * `listen.maxStreams`.
 * @throws RangeError naming the option when a limit is not a positive number.
 */
export function resolveLimits(
  options: McpLimitsOptions = {},
  legacyMaxStreams?: number,
): ResolvedLimits {
  const resolved: ResolvedLimits = {
    maxSessions: options.maxSessions ?? DEFAULT_MAX_SESSIONS,
    maxSessionsPerPrincipal: options.maxSessionsPerPrincipal ?? DEFAULT_MAX_SESSIONS_PER_CLIENT,
    maxSessionsPerAddress: options.maxSessionsPerAddress ?? DEFAULT_MAX_SESSIONS_PER_CLIENT,
    maxInFlightPerSession: options.maxInFlightPerSession ?? DEFAULT_MAX_IN_FLIGHT_PER_SESSION,
    maxStreams: options.maxStreams ?? legacyMaxStreams ?? 1000,
    maxTasksPerOwner: options.maxTasksPerOwner ?? DEFAULT_MAX_TASKS_PER_OWNER,
    maxTasks: options.maxTasks ?? DEFAULT_MAX_TASKS,
    maxPendingClientRequestsPerSession: options.maxPendingClientRequestsPerSession ?? 32,
    retryAfterSeconds: options.retryAfterSeconds ?? 1,
    connectionLeaseMs: options.connectionLeaseMs ?? DEFAULT_CONNECTION_LEASE_MS,
  };
  for (const [name, value] of Object.entries(resolved)) {
    if (!(value > 0))
      throw new RangeError(`limits.${name} must be a positive number, got ${value}`);
  }
  return Object.freeze(resolved);
}
