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
  /** Mean event-loop utilisation of the servers' thread. */
  elu: number;
  /** Mean CPU microseconds of the servers' thread per request (NaN off Linux). */
  cpuUsPerRequest: number;
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

/** One line per measured run, printed as the runs complete (`serverHere`: the server runs on this thread). */
export function printRun(name: string, index: number, r: LoadResult, serverHere = true): void {
  // The server thread's ELU and CPU mean something only when the server runs on this thread.
  const server = serverHere
    ? `server ELU ${((r.serverElu ?? Number.NaN) * 100).toFixed(0)} %  ` +
      `CPU ${(r.serverCpuUsPerRequest ?? Number.NaN).toFixed(0)} us/req  `
    : '';
  console.log(
    `  run ${index} ${name.padEnd(7)} ${r.rps.toFixed(0).padStart(7)} req/s  ` +
      `p50 ${r.p50Ms.toFixed(2)} ms  p99 ${r.p99Ms.toFixed(2)} ms  ${server}(${r.completed} requests)`,
  );
}

/**
 * Prints the summary table and, for every MCP target (the 2025 session run `mcp`, the stateless
 * 2026-07-28 run `mcp2026`), its server CPU cost relative to the bare route of the same run (the
 * throughput ratios are in the targets table, `bench/targets.ts`).
 */
export function printTable(targets: TargetSummary[], bare: TargetSummary): void {
  const header = [
    'app',
    'runs',
    'req/s',
    'p50 ms',
    'p99 ms',
    'server ELU',
    'CPU us/req',
    'requests',
  ];
  const rows = [...targets, bare].map((s) => [
    s.name,
    String(s.runs),
    s.rps.toFixed(0),
    s.p50Ms.toFixed(2),
    s.p99Ms.toFixed(2),
    `${(s.elu * 100).toFixed(0)} %`,
    s.cpuUsPerRequest.toFixed(0),
    String(s.completed),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log('\n' + line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log('');
  for (const mcp of targets) {
    // CPU time per request of the servers' thread: unlike req/s, not skewed by other processes.
    const cost = bare.cpuUsPerRequest / mcp.cpuUsPerRequest;
    console.log(`ratio bare / ${mcp.name} (server CPU us/req, relative cost): ${cost.toFixed(3)}`);
  }
}
