import { cpus, loadavg } from 'node:os';
import type { LoadResult } from './load-types.js';
import type { BenchOptions } from './options.js';

/** Averages of one target over its measured runs. */
export interface TargetSummary {
  name: string;
  runs: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  completed: number;
  /** Mean event-loop utilisation of the servers' thread (NaN for a server in its own process). */
  elu: number;
  /**
   * Mean CPU microseconds of the servers' thread per request, or of the server's process when it
   * runs in its own (NaN off Linux).
   */
  cpuUsPerRequest: number;
  /** Mean share of young bytes the server's scavenges kept, 0 to 1 (NaN when not read). */
  youngGcKept: number;
  /** Each run's req/s, in the order run (the ratios of `bench/phase-checks.ts` pair them). */
  rpsRuns: number[];
  /** Each run's p99 latency (ms), in the order run. */
  p99Runs: number[];
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** Averages a target's runs (each run has the same duration, so mean req/s is total/time). */
export function summarise(name: string, runs: LoadResult[]): TargetSummary {
  return {
    name,
    runs: runs.length,
    rps: mean(runs.map((r) => r.rps)),
    p50Ms: mean(runs.map((r) => r.p50Ms)),
    p99Ms: mean(runs.map((r) => r.p99Ms)),
    completed: runs.reduce((a, r) => a + r.completed, 0),
    elu: mean(runs.map((r) => r.serverElu ?? Number.NaN)),
    cpuUsPerRequest: mean(runs.map((r) => r.serverCpuUsPerRequest ?? Number.NaN)),
    youngGcKept: mean(runs.map((r) => r.youngGcKept ?? Number.NaN)),
    rpsRuns: runs.map((r) => r.rps),
    p99Runs: runs.map((r) => r.p99Ms),
  };
}

/** The 1-minute load average: other work on the machine skews the numbers. */
export function printLoadAverage(when: string): void {
  console.log(`load average (1 min) ${when}: ${loadavg()[0].toFixed(2)}`);
}

/** Prints the machine and the settings (`plan`: what runs, in which order). */
export function printEnvironment(options: BenchOptions, plan: string): void {
  const cores = cpus();
  console.log(`node ${process.version} (${process.platform}/${process.arch})`);
  console.log(`CPUs: ${cores.length} x ${cores[0]?.model.trim() ?? 'unknown'}`);
  console.log(
    `settings: ${options.connections} connections, ${options.durationSec} s per run, ` +
      `${options.warmupSec} s warm-up per target, ${options.rounds} round(s), ${plan}`,
  );
  printLoadAverage('before');
}

/**
 * One line per measured run, printed as the runs complete. `server`: `here` when the server runs
 * on this thread (its ELU and CPU per request), `process` when it runs in its own process (that
 * process's CPU per request), `none` when neither is known.
 */
export function printRun(
  name: string,
  index: number,
  r: LoadResult,
  server: 'here' | 'process' | 'none' = 'here',
): void {
  const elu =
    server === 'here' ? `server ELU ${((r.serverElu ?? Number.NaN) * 100).toFixed(0)} %  ` : '';
  const cpu =
    server === 'none' ? '' : `CPU ${(r.serverCpuUsPerRequest ?? Number.NaN).toFixed(0)} us/req  `;
  const gc = r.youngGcKept === undefined ? '' : `GC kept ${percent(r.youngGcKept)}  `;
  console.log(
    `  run ${index} ${name.padEnd(24)} ${r.rps.toFixed(0).padStart(7)} req/s  ` +
      `p50 ${r.p50Ms.toFixed(2)} ms  p99 ${r.p99Ms.toFixed(2)} ms  ${elu}${cpu}${gc}(${r.completed} requests)`,
  );
}

/** One row of a phase's table: a target and the baselines its ratios are to. */
export interface PhaseRow {
  summary: TargetSummary;
  /** The bare Nest route of the same adapter (absent for the baselines themselves). */
  bare?: TargetSummary;
  /** The raw `node:http` echo of the same run. */
  raw?: TargetSummary;
}

/** A 0-to-1 share as a percentage with one decimal, or `—` when not read. */
export const percent = (share: number) =>
  Number.isFinite(share) ? `${(share * 100).toFixed(1)} %` : '—';

const ratio = (value: number, base: number | undefined) =>
  base === undefined || !Number.isFinite(value / base) ? '—' : `${(value / base).toFixed(2)}x`;

/**
 * Prints a phase's table: req/s, p50/p99, the server's ELU and CPU per request, the ratios to
 * the bare route of the same adapter (throughput, and CPU per request: above 1 costs more) and
 * to the raw `node:http` echo (the ceiling of Node), and the share of young bytes the server's
 * scavenges kept (`GC kept`: next to 0 for a server whose requests' objects die young).
 */
export function printPhaseTable(rows: PhaseRow[]): void {
  const header = [
    'app',
    'req/s',
    'p50 ms',
    'p99 ms',
    'ELU',
    'CPU us/req',
    'x bare',
    'CPU x bare',
    'p99 x bare',
    'x raw node',
    'GC kept',
    'requests',
  ];
  const cells = rows.map(({ summary: s, bare, raw }) => [
    s.name,
    s.rps.toFixed(0),
    s.p50Ms.toFixed(2),
    s.p99Ms.toFixed(2),
    Number.isNaN(s.elu) ? '—' : `${(s.elu * 100).toFixed(0)} %`,
    s.cpuUsPerRequest.toFixed(0),
    ratio(s.rps, bare?.rps),
    ratio(s.cpuUsPerRequest, bare?.cpuUsPerRequest),
    ratio(s.p99Ms, bare?.p99Ms),
    ratio(s.rps, raw?.rps),
    percent(s.youngGcKept),
    String(s.completed),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i].length)));
  const line = (row: string[]) =>
    row.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log('\n' + line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of cells) console.log(line(row));
}
