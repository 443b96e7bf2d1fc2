/**
 * Load benchmark of issues 16, 28 and 41's targets, each printed as a ratio measured in the same
 * run (the median of its per-round ratios), with its goal (`bench/phase-checks.ts`) and whether it
 * is met (`bench/targets.ts`). Servers run in child processes (`bench/bench-servers.ts`: per
 * adapter its controller apps in one, its fast-path app in another; the raw echo; the `tools/list`
 * apps), where each arm's server CPU and scavenges are read; autocannon runs in a worker thread;
 * every phase interleaves its
 * arms (`bench/interleaved-runs.ts`) and prints a table with req/s, p50/p99, server CPU per request
 * and the ratios to the bare Nest route of the same adapter and to the raw `node:http` echo (the
 * ceiling of Node). Phases (`BENCH_ONLY=call,handshake,p99,list,client` picks some; phase code in
 * `bench/run-phases.ts`), each on Express and Fastify (`BENCH_ADAPTERS=express,fastify`):
 * - `call`: `tools/call echo` on a 2025 session (`mcp`) and as a stateless 2026-07-28 request
 *   (`mcp2026`) vs the bare route doing the same JSON work. With `BENCH_OTEL` (default 1) also
 *   `otel-off`/`otel-on` on the first adapter (`bench/otel-arm.ts`);
 * - `handshake`: initialize → initialized → tools/list → tools/call → DELETE on a fresh session
 *   vs the bare route's first four trips (on the fast path: vs the raw echo's); and the four trips without DELETE on an app trusting the
 *   loader as a proxy, each handshake from its own `X-Forwarded-For` address, default caps;
 * - `p99`: p99 latency of `tools/call` at `BENCH_P99_CONNECTIONS` (default 50) vs the bare route;
 * - `list`: `tools/list` of `BENCH_LIST_TOOLS` (default 200) realistic tools vs 5 of them;
 * - `client`: McpClient vs the official SDK v1 client, calls/s against the MCP app.
 * `BENCH_BASELINE_REF=<commit>` adds every MCP arm built from that commit's library
 * (`bench/baseline-library.ts`) and prints the before/after table.
 * Reports; does not assert. Exits 1 only when requests failed.
 *
 * Usage: `npm run bench` (env `BENCH_DURATION` s per run (default 5), `BENCH_CONNECTIONS`
 * (default 10), `BENCH_WARMUP` s, `BENCH_ROUNDS`, `BENCH_OTEL=0`, `BENCH_ONLY`, `BENCH_ADAPTERS`,
 * `BENCH_BASELINE_REF`, `BENCH_P99_CONNECTIONS`, `BENCH_LIST_TOOLS`, `BENCH_CLIENT_INFLIGHT`,
 * `BENCH_PROXY_IDLE_MS`).
 */
import { printBeforeAfter } from './before-after.js';
import { selectedAdapters, startBenchServers } from './bench-servers.js';
import { CLIENT_TARGET_RATIO, compareClients, formatClientRow } from './client-comparison.js';
import { listEnv, positiveEnv, readBenchOptions } from './options.js';
import { printEnvironment, printLoadAverage } from './report.js';
import { callPhase, handshakePhase, listPhase, p99Phase, type PhaseContext } from './run-phases.js';
import { printTargets } from './targets.js';

const PHASES = ['call', 'handshake', 'p99', 'list', 'client'] as const;
type Phase = (typeof PHASES)[number];

function selectedPhases(): Set<Phase> {
  return new Set(listEnv('BENCH_ONLY', PHASES, 'phase'));
}

async function clientPhase(ctx: PhaseContext): Promise<void> {
  console.log(
    '\nclients (McpClient vs official SDK v1 client, tools/call echo against the MCP app)',
  );
  const inflight = positiveEnv('BENCH_CLIENT_INFLIGHT', 8, true);
  const url = ctx.servers.adapters[0].mcp.app.url;
  const rows = await compareClients(url, ctx.options, inflight, ctx.failures);
  for (const row of rows) {
    console.log('  ' + formatClientRow(row));
    ctx.checks.push({
      name: `McpClient / SDK v1 client, ${row.variant}`,
      ratio: row.ratio,
      goal: CLIENT_TARGET_RATIO,
      kind: 'min',
      detail: `${row.oursCallsPerSec.toFixed(0)} vs ${row.sdkCallsPerSec.toFixed(0)} calls/s`,
    });
  }
}

async function main(): Promise<number> {
  const options = readBenchOptions();
  const phases = selectedPhases();
  const adapters = selectedAdapters();
  const p99Connections = positiveEnv('BENCH_P99_CONNECTIONS', 50, true);
  const listTools = positiveEnv('BENCH_LIST_TOOLS', 200, true);
  const baseline = process.env.BENCH_BASELINE_REF;
  printEnvironment(
    options,
    `phases ${[...phases].join(', ')}; adapters ${adapters.join(', ')}` +
      (baseline ? `; before/after: ${baseline}` : ''),
  );
  const servers = await startBenchServers(adapters, phases.has('list') ? listTools : undefined);
  const ctx: PhaseContext = { servers, options, checks: [], failures: [], pairs: [] };
  try {
    if (phases.has('call')) await callPhase(ctx);
    if (phases.has('handshake')) await handshakePhase(ctx);
    if (phases.has('p99')) await p99Phase(ctx, p99Connections);
    if (phases.has('list')) await listPhase(ctx, listTools);
    if (phases.has('client')) await clientPhase(ctx);

    printLoadAverage('after');
    if (servers.baselineLabel) printBeforeAfter(servers.baselineLabel, ctx.pairs);
    printTargets(ctx.checks);
    if (ctx.failures.length > 0) {
      console.error('\nFAILED requests:\n  ' + ctx.failures.join('\n  '));
      return 1;
    }
    return 0;
  } finally {
    await servers.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
