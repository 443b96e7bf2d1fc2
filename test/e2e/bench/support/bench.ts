import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** `execFile` as a promise (stdout, stderr; rejects on a non-zero exit). */
export const run = promisify(execFile);
/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Tiny runs: a fraction of a second each, a few hundred requests; the figures are not looked at. */
const TINY = { BENCH_DURATION: '0.1', BENCH_WARMUP: '0.05', BENCH_ROUNDS: '1', BENCH_OTEL: '0' };

/**
 * Runs a built bench script (`dist/bench/<script>`) with the tiny settings and `env`; resolves
 * with its stdout when it exits 0 (a bench whose requests fail exits non-zero, which rejects).
 */
export async function bench(script: string, env: Record<string, string>, nodeArgs: string[] = []) {
  const path = `${ROOT}dist/bench/${script}`;
  if (!existsSync(path)) throw new Error(`${path} is missing: run "npm run build" first`);
  const { stdout } = await run(process.execPath, [...nodeArgs, path], {
    cwd: ROOT,
    env: { ...process.env, ...TINY, ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}
