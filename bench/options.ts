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
 * The whitespace-separated words of the environment variable `name` (flags, arguments); none
 * when it is unset.
 */
export function wordsEnv(name: string): string[] {
  return (process.env[name] ?? '').split(/\s+/).filter((word) => word !== '');
}

/**
 * The comma-separated values of the environment variable `name`, each one of `allowed` (`what`
 * names one in the error), or `fallback` when it is unset or empty.
 * @throws Error naming the first value that is not allowed.
 */
export function listEnv<T extends string>(
  name: string,
  allowed: readonly T[],
  what: string,
  fallback: readonly T[] = allowed,
): T[] {
  const raw = process.env[name];
  if (!raw) return [...fallback];
  const values = raw.split(',').map((s) => s.trim());
  for (const value of values) {
    if (!(allowed as readonly string[]).includes(value)) {
      throw new Error(`${name}: unknown ${what} "${value}" (${allowed.join(', ')})`);
    }
  }
  return values as T[];
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
