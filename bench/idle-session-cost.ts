import { closeSessions, openIdleSessions } from './open-sessions.js';
import type { ServerMemory, ServerProcess } from './servers/server-process.js';

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
  return { ...per1k(before, after, count), sessions };
}

/** One round of {@link idleRounds}: memory with the round's sessions open, and once they closed. */
export interface IdleRound {
  /** Memory (after GC) with `count` idle sessions open. */
  open: ServerMemory;
  /** Memory (after GC) once every session of the round was closed (DELETE). */
  closed: ServerMemory;
  /** Growth over the warmed server's memory, per 1,000 sessions (bytes). */
  rssPer1k: number;
  heapPer1k: number;
  heapTotalPer1k: number;
}

/**
 * Opens `count` idle sessions, measures, closes them all, and does it `rounds` times on one
 * server: each round's figure is the growth over `base` (the warmed server), so memory a round
 * keeps after its sessions closed shows in the next round's figure.
 */
export async function idleRounds(
  server: ServerProcess,
  base: ServerMemory,
  count: number,
  rounds: number,
  onRound: (round: IdleRound, index: number) => void,
): Promise<IdleRound[]> {
  const results: IdleRound[] = [];
  for (let i = 0; i < rounds; i++) {
    const sessions = await openIdleSessions(server.url, count);
    const open = await server.memory();
    await closeSessions(server.url, sessions);
    const round = { open, closed: await server.memory(), ...per1k(base, open, count) };
    results.push(round);
    onRound(round, i);
  }
  return results;
}

function per1k(before: ServerMemory, after: ServerMemory, count: number) {
  const scale = (a: number, b: number) => ((b - a) * 1000) / count;
  return {
    rssPer1k: scale(before.rss, after.rss),
    heapPer1k: scale(before.heapUsed, after.heapUsed),
    heapTotalPer1k: scale(before.heapTotal, after.heapTotal),
  };
}
