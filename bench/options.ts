/** Benchmark settings, from the environment. */
export interface BenchOptions {
  /** Seconds of each measured run (`BENCH_DURATION`, default 5). */
  durationSec: number;
  /** Concurrent connections (`BENCH_CONNECTIONS`, default 10). */
  connections: number;
  /** Seconds of warm-up per app before measuring (`BENCH_WARMUP`, default 2). */
  warmupSec: number;
  /** Rounds of `mcp, bare` before a final `mcp` run (`BENCH_ROUNDS`, default 1: mcp, bare, mcp). */
  rounds: number;
}

/**
 * A positive number from the environment variable `name`, or `fallback` when unset.
 * @throws Error when the value is not a positive (integer, if asked) number.
 */
export function positiveEnv(name: string, fallback: number, integer: boolean): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!(value > 0) || (integer && !Number.isInteger(value))) {
    throw new Error(`${name} must be a positive ${integer ? 'integer' : 'number'}, got "${raw}"`);
  }
  return value;
}

/**
 * Reads the benchmark settings from `BENCH_DURATION`, `BENCH_CONNECTIONS`, `BENCH_WARMUP` and
 * `BENCH_ROUNDS`.
 * @throws Error when a value is not a positive number.
 */
export function readBenchOptions(): BenchOptions {
  return {
    durationSec: positiveEnv('BENCH_DURATION', 5, false),
    connections: positiveEnv('BENCH_CONNECTIONS', 10, true),
    warmupSec: positiveEnv('BENCH_WARMUP', 2, false),
    rounds: positiveEnv('BENCH_ROUNDS', 1, true),
  };
}
