import { runLoad } from './autocannon-run.js';
import { failureCount, type LoadResult, type Workload } from './load-types.js';
import type { BenchOptions } from './options.js';
import { printRun, summarise, type TargetSummary } from './report.js';
import { keptShare, startYoungGcWindow, type YoungGcReading } from './servers/young-gc.js';

/** A reading of this thread, in the shape of one read over IPC. */
const here =
  (stop: () => YoungGcReading): (() => Promise<YoungGcReading>) =>
  () =>
    Promise.resolve(stop());

/** One thing to load: where, with which headers and workload, at how many connections. */
export interface LoadTarget {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** Send the stateless 2026-07-28 body. */
  modern?: boolean;
  workload?: Workload;
  /** Overrides the options' connection count. */
  connections?: number;
  /** Accept SSE replies (see `LoadJob.acceptSse`). */
  acceptSse?: boolean;
  /** Each handshake as a new client behind a trusted proxy (see `LoadJob.forwardedFor`). */
  forwardedFor?: boolean;
  /** Called (and awaited) before every run of this target (the OpenTelemetry arm switches here). */
  before?: () => void | Promise<void>;
  /**
   * CPU time (ms) used so far by the server of this target when it runs in its own process
   * (`processCpuMs(pid)`); its difference over a run gives the run's server CPU per request.
   */
  serverCpuMs?: () => number | undefined;
  /**
   * Starts reading the scavenges of this target's server when it runs in its own process;
   * without it, those of this thread are read when the servers run here.
   */
  youngGcWindow?: () => Promise<() => Promise<YoungGcReading>>;
}

/** Runs of several targets and the failures seen (a run of fast errors would look like a win). */
export interface InterleavedResult {
  summaries: Map<string, TargetSummary>;
  failures: string[];
}

/**
 * Loads each target once to warm up, then `options.rounds` rounds of all targets in turn, then the
 * first target once more, so drift (other load on the machine, JIT) hits every target alike.
 * Prints each run as it ends (`serverHere`: with the server thread's ELU and CPU, when the
 * servers run on this thread; a target with `serverCpuMs`, whose server runs in its own process,
 * prints that process's CPU per request)
 * and returns the mean of each target's runs.
 */
export async function runInterleaved(
  title: string,
  targets: LoadTarget[],
  options: BenchOptions,
  serverHere = true,
): Promise<InterleavedResult> {
  const failures: string[] = [];
  const runs = new Map<string, LoadResult[]>(targets.map((t) => [t.name, []]));
  const load = async (t: LoadTarget, seconds: number) => {
    await t.before?.();
    const stopGc = t.youngGcWindow
      ? await t.youngGcWindow()
      : serverHere && !t.serverCpuMs
        ? here(startYoungGcWindow())
        : undefined;
    const cpuBefore = t.serverCpuMs?.();
    const r = await runLoad(
      t.url,
      t.headers,
      t.connections ?? options.connections,
      seconds,
      t.modern,
      {
        workload: t.workload,
        acceptSse: t.acceptSse,
        forwardedFor: t.forwardedFor,
      },
    );
    const cpuAfter = t.serverCpuMs?.();
    const gc = await stopGc?.();
    if (gc) r.youngGcKept = keptShare(gc);
    if (cpuBefore === undefined || cpuAfter === undefined) return r;
    return {
      ...r,
      // This thread's event-loop use says nothing of a server in another process.
      serverElu: undefined,
      serverCpuUsPerRequest: ((cpuAfter - cpuBefore) * 1000) / Math.max(1, r.completed),
    };
  };
  const check = (t: LoadTarget, phase: string, r: LoadResult) => {
    if (failureCount(r) === 0) return;
    failures.push(
      `${t.name} ${phase}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts, ` +
        `${r.badResponses} bad responses; first bad: ${r.firstBad ?? 'n/a'}`,
    );
  };
  console.log(`\n${title}: warm-up`);
  for (const t of targets) check(t, 'warm-up', await load(t, options.warmupSec));
  const order = [...Array.from({ length: options.rounds }, () => targets).flat(), targets[0]];
  for (const [index, t] of order.entries()) {
    const r = await load(t, options.durationSec);
    check(t, `run ${index + 1}`, r);
    runs.get(t.name)!.push(r);
    printRun(t.name, index + 1, r, t.serverCpuMs ? 'process' : serverHere ? 'here' : 'none');
  }
  const summaries = new Map(targets.map((t) => [t.name, summarise(t.name, runs.get(t.name)!)]));
  return { summaries, failures };
}
