import type { IdleRound } from './idle-session-cost.js';
import type { ServerMemory } from './servers/server-process.js';
import type { TargetCheck } from './targets.js';

const MIB = 1024 * 1024;
const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;

/** Issue 28's idle-memory goals, per 1,000 idle sessions. */
const RSS_GOAL_MIB = 5;
const HEAP_GOAL_MIB = 1.5;
/** Rounds are steady when their RSS figures per 1,000 differ by at most this (MiB). */
const STEADY_SPREAD_MIB = 1;

/**
 * One line of where a server's memory is: RSS (anonymous and file-backed on Linux), the V8 heap
 * (used, committed; new and old space committed), and memory outside the heap (`external`,
 * of which ArrayBuffers/Buffers). RSS beyond these is the allocator's (malloc arenas, free lists).
 */
export function describeMemory(m: ServerMemory): string {
  const spaces = m.spaces ?? {};
  const anon = m.rssAnon === undefined ? '' : ` (anon ${mib(m.rssAnon)}, file ${mib(m.rssFile!)})`;
  const space = (name: string) => mib(spaces[name]?.committed ?? 0);
  const outside =
    m.rssAnon === undefined
      ? ''
      : `, anon beyond heap+external ${mib(m.rssAnon - m.heapTotal - m.external)}`;
  return (
    `RSS ${mib(m.rss)}${anon}; heap ${mib(m.heapUsed)} used / ${mib(m.heapTotal)} committed ` +
    `(new ${space('new_space')}, old ${space('old_space')}); external ${mib(m.external)}, ` +
    `arrayBuffers ${mib(m.arrayBuffers ?? 0)}${outside}`
  );
}

/**
 * The idle-memory targets over the rounds: the worst round's RSS and heap per 1,000 sessions
 * (growth over the warmed server), and whether the rounds are steady (a round that kept memory
 * of the one before shows a larger figure).
 */
export function idleTargets(rounds: IdleRound[], count: number): TargetCheck[] {
  const rss = rounds.map((r) => r.rssPer1k / MIB);
  const heap = rounds.map((r) => r.heapPer1k / MIB);
  const list = (values: number[]) => values.map((v) => v.toFixed(1)).join(' / ');
  return [
    {
      name: `RSS per 1,000 idle sessions (worst of ${rounds.length} rounds)`,
      ratio: Math.max(...rss),
      goal: RSS_GOAL_MIB,
      kind: 'max',
      unit: 'MiB',
      detail: `over ${count} sessions; rounds ${list(rss)} MiB`,
    },
    {
      name: `V8 heap per 1,000 idle sessions (worst round)`,
      ratio: Math.max(...heap),
      goal: HEAP_GOAL_MIB,
      kind: 'max',
      unit: 'MiB',
      detail: `rounds ${list(heap)} MiB used; committed ${list(rounds.map((r) => r.heapTotalPer1k / MIB))} MiB`,
    },
    {
      name: 'RSS per 1,000 steady across rounds (spread)',
      ratio: Math.max(...rss) - Math.min(...rss),
      goal: STEADY_SPREAD_MIB,
      kind: 'max',
      unit: 'MiB',
      detail: `RSS after closing each round: ${rounds.map((r) => mib(r.closed.rss)).join(' / ')}`,
    },
  ];
}
