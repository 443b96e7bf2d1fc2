/** What the load worker is asked to do. */
export interface LoadJob {
  url: string;
  /** Headers of every request (content type, accept, and the MCP session headers if any). */
  headers: Record<string, string>;
  connections: number;
  durationSec: number;
  /** JSON-RPC ids of this run start above this value, so runs never reuse each other's ids. */
  idBase: number;
  /** Send the stateless 2026-07-28 body (`_meta` in params) instead of the session one. */
  modern?: boolean;
  /** What each connection sends (default `echo`; see `bench/load-requests.ts`). */
  workload?: Workload;
  /** Stop after this many requests instead of after `durationSec` (memory runs). */
  amount?: number;
  /**
   * Accept replies as SSE too (a server that cannot answer JSON, such as the SDK v2 server's
   * stateless 2025 fallback); by default only JSON replies count.
   */
  acceptSse?: boolean;
  /**
   * Each `initialize` carries a fresh `X-Forwarded-For` client address, and the session's later
   * requests the same one (a loader standing in for many clients behind a trusted proxy).
   */
  forwardedFor?: boolean;
}

/**
 * The request sequences a load run can send, each repeated by every connection:
 * - `echo`: one `tools/call echo`;
 * - `list`: one `tools/list`;
 * - `handshake`: `initialize` → `notifications/initialized` → `tools/list` → `tools/call` on a
 *   fresh session (the session id of the `initialize` reply, when there is one);
 * - `handshake-delete`: the handshake, then `DELETE` of the session (a client that ends it);
 * - `session-cycle`: `initialize` → `notifications/initialized` → `tools/call` → `DELETE`;
 * - `echo-state`: one `tools/call echo_state` (an echo that writes the session state; only the
 *   cluster bench's instances have that tool).
 */
export type Workload =
  'echo' | 'list' | 'handshake' | 'handshake-delete' | 'session-cycle' | 'echo-state';

/** Requests per sequence of each workload (a handshake is four round trips). */
export const REQUESTS_PER_SEQUENCE: Readonly<Record<Workload, number>> = {
  echo: 1,
  list: 1,
  handshake: 4,
  'handshake-delete': 5,
  'session-cycle': 4,
  'echo-state': 1,
};

/** Outcome of one load run. */
export interface LoadResult {
  completed: number;
  durationSec: number;
  /** Completed requests per second over the run. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Responses that were not HTTP 200 with the expected echo result for their id. */
  badResponses: number;
  /** The first bad response, for the error message. */
  firstBad?: string;
  /** Event-loop utilisation of the servers' thread during the run (0..1; set by the main thread). */
  serverElu?: number;
  /** CPU time of the servers' thread per completed request, in microseconds (Linux only). */
  serverCpuUsPerRequest?: number;
  /**
   * Of the bytes the server's scavenges found young during the run, the share they kept (copied
   * or promoted) instead of freeing: 0 to 1 (see `bench/servers/young-gc.ts`); set by the bench.
   */
  youngGcKept?: number;
}

/** Total of every kind of failure in a run. */
export function failureCount(r: LoadResult): number {
  return r.non2xx + r.errors + r.timeouts + r.badResponses;
}
