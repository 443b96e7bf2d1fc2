import type { ResolvedLimits } from './limits-options.interface.js';
import type { RefusalCounts, ServerLimits } from './server-limits.js';

/**
 * A snapshot of a server's load and refusals (`McpServer.stats()`): plain numbers, so a metrics
 * exporter can publish them as gauges (`sessions`, `inFlight`, `listenStreams`) and counters
 * (`refused.*`).
 */
export interface McpServerStats {
  /** Live sessions of every transport (2025-era sessions and stdio/WebSocket connections). */
  readonly sessions: number;
  /** Of those, the sessions counted against the session caps (HTTP, legacy SSE, WebSocket). */
  readonly admittedSessions: number;
  /** Requests being handled now (sessions and stateless 2026-07-28 requests). */
  readonly inFlight: number;
  /** Open `subscriptions/listen` streams. */
  readonly listenStreams: number;
  /** Unexpired tasks this instance created (counted against `maxTasks`; swept lazily). */
  readonly tasks: number;
  /** True while the server drains for shutdown. */
  readonly draining: boolean;
  /** Refusals since start, per limit (`shutdown`: refused or cut while draining). */
  readonly refused: Readonly<RefusalCounts>;
  /** The limits in force, after defaults. */
  readonly limits: ResolvedLimits;
}

/** Builds the snapshot (copies the counters, so it does not change afterwards). */
export function serverStats(
  limits: ServerLimits,
  gate: { readonly inFlight: number; readonly draining: boolean },
  sessions: number,
  listenStreams: number,
): McpServerStats {
  return {
    sessions,
    admittedSessions: limits.sessionCount,
    inFlight: gate.inFlight,
    listenStreams,
    tasks: limits.tasks.count,
    draining: gate.draining,
    refused: { ...limits.refused },
    limits: limits.limits,
  };
}
