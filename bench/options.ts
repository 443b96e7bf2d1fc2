/** Benchmark settings, from the environment. */
export interface BenchOptions {
  /** Seconds of each measured run (`BENCH_DURATION`, default 10). */
  durationSec: number;
  /** Concurrent connections (`BENCH_CONNECTIONS`, default 10). */
  connections: number;
  /** Seconds of warm-up per app before measuring (`BENCH_WARMUP`, default 2). */
  warmupSec: number;
  /** Rounds of `mcp, bare` before a final `mcp` run (`BENCH_ROUNDS`, default 1: mcp, bare, mcp). */
  rounds: number;
}

function positive(name: string, fallback: number, integer: boolean): number {
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
    durationSec: positive('BENCH_DURATION', 10, false),
    connections: positive('BENCH_CONNECTIONS', 10, true),
    warmupSec: positive('BENCH_WARMUP', 2, false),
    rounds: positive('BENCH_ROUNDS', 1, true),
  };
}
