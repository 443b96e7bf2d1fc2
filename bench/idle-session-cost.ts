import { openIdleSessions } from './open-sessions.js';
import type { ServerProcess } from './servers/server-process.js';

/** What `count` idle sessions cost a server, scaled to 1,000 sessions (bytes). */
export interface IdleSessionCost {
  rssPer1k: number;
  heapPer1k: number;
  /** Growth of the V8 heap committed (used or not). */
  heapTotalPer1k: number;
  /** The sessions, still open (their request headers). */
  sessions: Record<string, string>[];
}

/**
 * Opens `count` sessions over HTTP on a server running in its own process and measures the growth
 * of its RSS and used heap (each after a full GC in the server), per 1,000 sessions.
 */
export async function idleSessionCost(
  server: ServerProcess,
  count: number,
): Promise<IdleSessionCost> {
  const before = await server.memory();
  const sessions = await openIdleSessions(server.url, count);
  const after = await server.memory();
  return {
    rssPer1k: ((after.rss - before.rss) * 1000) / count,
    heapPer1k: ((after.heapUsed - before.heapUsed) * 1000) / count,
    heapTotalPer1k: ((after.heapTotal - before.heapTotal) * 1000) / count,
    sessions,
  };
}
