/**
 * Boots ONE app (the MCP server by default, or `bare`) and loads it with autocannon in a worker,
 * for profiling without the other app in the process:
 *
 *   npm run build
 *   node --cpu-prof --cpu-prof-dir=prof dist/bench/profile-target.js [mcp|bare]
 *   node dist/bench/cpuprofile-top.js prof/<main-thread>.cpuprofile dist/lib/
 *
 * Env: `BENCH_DURATION` (s), `BENCH_CONNECTIONS`, `BENCH_WARMUP` (s), `BENCH_ADAPTER`
 * (`express` or `fastify`, default express), `BENCH_FAST_PATH=1` (the MCP app on the fast path),
 * `BENCH_MODERN=1` (stateless 2026-07-28 calls instead of a 2025 session).
 */
import { startBareApp, startMcpApp } from './apps.js';
import { runLoad } from './autocannon-run.js';
import { failureCount } from './load-types.js';
import { openMcpSession } from './mcp-session.js';
import { readBenchOptions } from './options.js';
import { printRun } from './report.js';
import { smokeTest } from './smoke.js';
import { BASE_HEADERS, MODERN_HEADERS } from './workload.js';

async function main(): Promise<number> {
  const name = process.argv[2] ?? 'mcp';
  if (name !== 'mcp' && name !== 'bare') throw new Error(`unknown target "${name}" (mcp|bare)`);
  const options = readBenchOptions();
  const adapter = process.env.BENCH_ADAPTER === 'fastify' ? 'fastify' : 'express';
  const fastPath = process.env.BENCH_FAST_PATH === '1';
  const modern = name === 'mcp' && process.env.BENCH_MODERN === '1';
  const started =
    name === 'mcp' ? await startMcpApp({ adapter, fastPath }) : await startBareApp({ adapter });
  try {
    const headers = modern
      ? { ...BASE_HEADERS, ...MODERN_HEADERS }
      : name === 'mcp'
        ? await openMcpSession(started.url)
        : { ...BASE_HEADERS };
    await smokeTest(started.url, headers, modern);
    const load = (sec: number) => runLoad(started.url, headers, options.connections, sec, modern);
    await load(options.warmupSec);
    const result = await load(options.durationSec);
    printRun(name, 1, result);
    return failureCount(result) === 0 ? 0 : 1;
  } finally {
    await started.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
