/**
 * How `npm run bench:instructions` (`bench/instructions.ts`) measures an arm over several
 * processes: two processes of the same code read up to ~20 % apart (what V8 made of the code lasts
 * for a process's life), so each server runs in `BENCH_INSTR_PROCESSES` processes, each process's
 * lowest window is kept, and the arm's figure is the median of those; `BENCH_INSTR_PARALLEL` of
 * them run at once (instruction counts do not depend on the machine's load).
 */
import type { PerCall } from './instruction-goals.js';
import { positiveEnv } from './options.js';

/** Processes per server and per side of a before/after, and how many run at once. */
export const processSettings = {
  processes: positiveEnv('BENCH_INSTR_PROCESSES', 3, true),
  parallel: positiveEnv('BENCH_INSTR_PARALLEL', 2, true),
};

/**
 * Runs `jobs` in order, at most `width` at once. Waits for every job to settle (no server process
 * is left running behind a failure), then rejects with the first failure, or resolves with the
 * results in the jobs' order.
 */
export async function runPool<T>(jobs: ReadonlyArray<() => Promise<T>>, width: number) {
  const settled: PromiseSettledResult<T>[] = new Array(jobs.length);
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) {
      const index = next++;
      try {
        settled[index] = { status: 'fulfilled', value: await jobs[index]() };
      } catch (reason) {
        settled[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, jobs.length) }, lane));
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
  return settled.map((r) => (r as PromiseFulfilledResult<T>).value);
}

/** The lowest figure of a process's windows of an arm (the one least disturbed by JIT and GC). */
export function lowest(values: readonly PerCall[]): PerCall {
  const figure: PerCall = {
    main: Math.min(...values.map((v) => v.main)),
    all: Math.min(...values.map((v) => v.all)),
  };
  // The mode is the process's: any window of it that shows it marks the process.
  const literals = values.flatMap((v) =>
    v.runtimeLiterals === undefined ? [] : [v.runtimeLiterals],
  );
  if (literals.length > 0) figure.runtimeLiterals = Math.max(...literals);
  return figure;
}

/**
 * Above this many main-thread instructions per call in V8's runtime literal definitions, a
 * window's process builds Node's tick objects through the runtime (about 2.6k per call on the
 * fast path on Fastify, against none in its other processes): a mode that lasts for the
 * process's life and adds 20-25k per call, so such processes are marked (the medians still take
 * every process: read an arm whose processes differ in mode by its processes' figures).
 */
const RUNTIME_TICKS_PER_CALL = 500;

/** True when `figure` comes from a process that builds its tick objects through V8's runtime. */
export function runtimeTicks(figure: PerCall): boolean {
  return (figure.runtimeLiterals ?? 0) > RUNTIME_TICKS_PER_CALL;
}

/** The median of `values` (the mean of the middle two, rounded, for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? sorted[middle]
    : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

/** An arm over its processes. */
export interface ArmFigure {
  /** The median over the processes of each process's lowest window, main thread and all. */
  median: PerCall;
  /** Each process's lowest window, in the order the processes were started. */
  processes: PerCall[];
}

/**
 * The arms of every process (each process's windows by arm name, as `measureProcess` resolves
 * them), combined per arm: each process's lowest window, and their median. The arms keep the
 * order they first appear in.
 */
export function combineProcesses(
  results: ReadonlyArray<ReadonlyMap<string, PerCall[]>>,
): Map<string, ArmFigure> {
  const byArm = new Map<string, PerCall[]>();
  for (const result of results) {
    for (const [arm, windows] of result) {
      byArm.set(arm, [...(byArm.get(arm) ?? []), lowest(windows)]);
    }
  }
  const arms = new Map<string, ArmFigure>();
  for (const [arm, processes] of byArm) {
    arms.set(arm, {
      median: {
        main: median(processes.map((p) => p.main)),
        all: median(processes.map((p) => p.all)),
      },
      processes,
    });
  }
  return arms;
}

/**
 * Prints an arm per line: the main thread's median, the min–max of its processes and that spread
 * as a share of the median, all threads' median, then each process's figure (main thread).
 */
export function printArmFigures(arms: ReadonlyMap<string, ArmFigure>): void {
  console.log(
    `\ninstructions per call (per handshake): median over processes of each process's lowest ` +
      `window; main thread, its min–max (spread), all threads; each process's main thread`,
  );
  let marked = false;
  for (const [arm, { median: mid, processes }] of arms) {
    const mains = processes.map((p) => p.main);
    const min = Math.min(...mains);
    const max = Math.max(...mains);
    const spread = `${(((max - min) / mid.main) * 100).toFixed(1)} %`;
    const each = processes.map((p) => `${p.main}${runtimeTicks(p) ? '*' : ''}`);
    marked ||= processes.some(runtimeTicks);
    console.log(
      `${arm.padEnd(28)} ${String(mid.main).padStart(9)}  ${`${min}–${max}`.padStart(15)} ` +
        `(${spread.padStart(6)})  all ${String(mid.all).padStart(9)}  ${each.join(', ')}`,
    );
  }
  if (marked) {
    console.log(
      `* a process that built Node's process.nextTick tick objects through V8's runtime ` +
        `(Runtime_DefineKeyedOwnPropertyInLiteral, for its whole life): 20-25k more per call ` +
        `than a process of the same code that did not; compare processes of one kind only`,
    );
  }
}
