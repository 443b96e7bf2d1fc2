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
}

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
}

/** Total of every kind of failure in a run. */
export function failureCount(r: LoadResult): number {
  return r.non2xx + r.errors + r.timeouts + r.badResponses;
}
