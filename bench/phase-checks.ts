/**
 * The goals of `npm run bench`'s load phases (`bench/run-phases.ts`, issue 41) and the checks
 * that hold a phase's summaries to them. A ratio of two arms is the median of their per-round
 * ratios (round `i` of one arm against round `i` of the other, run next to each other), so drift
 * of the machine's load between rounds moves both sides of each ratio alike.
 */
import type { TargetSummary } from './report.js';
import type { TargetCheck } from './targets.js';

/** Issue 41's goals, per phase and mount. */
export const GOALS = {
  /** `tools/call` on the Express controller / the bare Express route (req/s). */
  expressCall: 1,
  /** `tools/call` on the Fastify controller / the bare Fastify route (req/s). */
  fastifyCall: 0.7,
  /** `tools/call` on the fast path / the raw `node:http` echo (req/s), both adapters. */
  fastCall: 0.75,
  /** The five-trip handshake (with DELETE) / the baseline's four trips (handshakes/s). */
  handshake: 0.7,
  /** The four trips behind a proxy (no DELETE) / the bare route's four trips (handshakes/s). */
  proxiedHandshake: 1,
  /** p99 of `tools/call` at 50 connections / the bare route's (ms; at most). */
  p99: 1.25,
  /** `tools/list` of 200 tools / of 5 tools (req/s). */
  list: 0.8,
} as const;

/** The median of some numbers (NaN for none). */
export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The median of `ours[i] / base[i]` over the rounds both ran. */
function medianRatio(ours: number[], base: number[]): number {
  const rounds = Math.min(ours.length, base.length);
  return median(Array.from({ length: rounds }, (_, i) => ours[i] / base[i]));
}

const rounds = (a: TargetSummary, b: TargetSummary) =>
  `median of ${Math.min(a.rpsRuns.length, b.rpsRuns.length)} round(s)`;

/** A throughput ratio check of two arms (higher is better). */
export function throughput(
  name: string,
  ours: TargetSummary,
  base: TargetSummary,
  goal: number,
  unit: string,
): TargetCheck {
  return {
    name,
    ratio: medianRatio(ours.rpsRuns, base.rpsRuns),
    goal,
    kind: 'min',
    detail: `${ours.rps.toFixed(0)} vs ${base.rps.toFixed(0)} ${unit}, ${rounds(ours, base)}`,
  };
}

/** A p99 latency ratio check of two arms (lower is better). */
export function p99(name: string, ours: TargetSummary, base: TargetSummary): TargetCheck {
  return {
    name,
    ratio: medianRatio(ours.p99Runs, base.p99Runs),
    goal: GOALS.p99,
    kind: 'max',
    detail: `${ours.p99Ms.toFixed(2)} vs ${base.p99Ms.toFixed(2)} ms, ${rounds(ours, base)}`,
  };
}

/**
 * The most of its young bytes a server's scavenges may keep: a request's objects die young.
 * Held on the arms whose whole request path is ours (the fast path, the Fastify controller);
 * Express 5 keeps 20-40 % by itself on Node 20 and 22 (it resets the prototype of every request
 * and response). Those arms keep 0.0-1.5 % from run to run, as does Node itself (the raw echo:
 * 0.2-0.8 % here, up to 2.9 % at one connection), and a request kept alive whole, the fault this
 * catches, kept 20-27 %: the line sits between.
 */
const YOUNG_GC_KEPT_GOAL = 0.03;

/** A check that a target's scavenges kept at most {@link YOUNG_GC_KEPT_GOAL} of young bytes. */
export function youngGcKept(name: string, summary: TargetSummary): TargetCheck {
  return {
    name,
    ratio: summary.youngGcKept,
    goal: YOUNG_GC_KEPT_GOAL,
    kind: 'max',
    unit: '%',
    detail: 'of the young bytes each scavenge found',
  };
}
