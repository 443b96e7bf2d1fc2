/**
 * Boots ONE app (the MCP server by default, `bare`, or `raw`: the raw `node:http` echo) and loads it with autocannon in a worker,
 * for profiling without the other app in the process:
 *
 *   npm run build
 *   node --cpu-prof --cpu-prof-dir=prof dist/bench/profile-target.js [mcp|bare|raw]
 *   node dist/bench/cpuprofile-top.js prof/<main-thread>.cpuprofile dist/lib/
 *
 * Env: `BENCH_DURATION` (s), `BENCH_CONNECTIONS`, `BENCH_WARMUP` (s), `BENCH_ADAPTER`
 * (`express` or `fastify`, default express), `BENCH_FAST_PATH=1` (the MCP app on the fast path),
 * `BENCH_MODERN=1` (stateless 2026-07-28 calls instead of a 2025 session), `BENCH_WORKLOAD`
 * (`handshake` or `handshake-delete`: whole handshakes on fresh sessions instead of calls).
 */
import { startBareApp, startMcpApp } from './apps.js';
import { runLoad } from './autocannon-run.js';
import { failureCount, type Workload } from './load-types.js';
import { openMcpSession } from './mcp-session.js';
import { readBenchOptions } from './options.js';
import { startRawNodeEcho } from './raw-node-echo.js';
import { printRun } from './report.js';
import { smokeTest } from './smoke.js';
import { BASE_HEADERS, MODERN_HEADERS } from './workload.js';

async function main(): Promise<number> {
  const name = process.argv[2] ?? 'mcp';
  if (name !== 'mcp' && name !== 'bare' && name !== 'raw') {
    throw new Error(`unknown target "${name}" (mcp|bare|raw)`);
  }
  const options = readBenchOptions();
  const adapter = process.env.BENCH_ADAPTER === 'fastify' ? 'fastify' : 'express';
  const fastPath = process.env.BENCH_FAST_PATH === '1';
  const modern = name === 'mcp' && process.env.BENCH_MODERN === '1';
  const workload = handshakeWorkload(process.env.BENCH_WORKLOAD);
  const started =
    name === 'mcp'
      ? await startMcpApp({ adapter, fastPath })
      : name === 'raw'
        ? await startRawNodeEcho()
        : await startBareApp({ adapter });
  try {
    const headers = modern
      ? { ...BASE_HEADERS, ...MODERN_HEADERS }
      : name === 'mcp' && !workload
        ? await openMcpSession(started.url)
        : { ...BASE_HEADERS };
    if (!workload) await smokeTest(started.url, headers, modern);
    const load = (sec: number) =>
      runLoad(started.url, headers, options.connections, sec, modern, workload ? { workload } : {});
    await load(options.warmupSec);
    const result = await load(options.durationSec);
    printRun(name, 1, result);
    return failureCount(result) === 0 ? 0 : 1;
  } finally {
    await started.close();
  }
}

/** `BENCH_WORKLOAD`: a handshake workload, or undefined for `tools/call` (the default). */
function handshakeWorkload(raw: string | undefined): Workload | undefined {
  if (raw === undefined || raw === '' || raw === 'call') return undefined;
  if (raw === 'handshake' || raw === 'handshake-delete') return raw;
  throw new Error(`BENCH_WORKLOAD must be call, handshake or handshake-delete, got "${raw}"`);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
