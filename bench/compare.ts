/**
 * Comparison with the alternatives (`npm run bench:compare`, issues 16 and 28): the same workload
 * against the baselines (the bare NestJS route on Express and on Fastify, the raw `node:http`
 * echo), nestjs-mcp on both adapters, the official SDK v1 server (stateful and stateless), the
 * official SDK v2 server (stateless, Node 22) and @rekog/mcp-nest 2.0.5 (stateful and stateless,
 * Node 22), in one run. Each server runs in its own process (`bench/compare-servers.ts`,
 * `bench/servers/`); the load comes from this one (autocannon in a worker thread).
 * 1. RSS per 1,000 idle sessions of each stateful server (`BENCH_IDLE_SESSIONS`, default 1,000),
 *    on fresh processes before any load;
 * 2. `tools/call echo` and the handshake (initialize → initialized → tools/list → tools/call),
 *    interleaved rounds over all servers (`BENCH_ROUNDS`, `BENCH_DURATION`, `BENCH_CONNECTIONS`,
 *    `BENCH_WARMUP`).
 * Prints the table of ratios to the bare route of the same adapter and to the raw echo, with each
 * server process's CPU per request. Reports; does not assert. Exits 1 when requests
 * failed. The Node 22 tools are installed into .tools/ by `scripts/compare-tools.sh` (when a
 * server needing them is in the run). `BENCH_COMPARE_SERVERS` (keys of
 * `bench/compare-servers.ts`, comma-separated) limits the run to some servers and the baselines
 * (the bare Express route and the raw echo always; the bare Fastify route with a Fastify row).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { COMPARE_ROWS, compareServers, type CompareRow } from './compare-servers.js';
import { idleSessionCost } from './idle-session-cost.js';
import { runInterleaved, type LoadTarget } from './interleaved-runs.js';
import { openMcpSession } from './mcp-session.js';
import { closeSessions, openIdleSessions } from './open-sessions.js';
import { positiveEnv, readBenchOptions } from './options.js';
import { percent, printEnvironment, printLoadAverage } from './report.js';
import { startServerProcess, type ServerProcess } from './servers/server-process.js';
import { smokeTest } from './smoke.js';
import { processCpuMs } from './thread-cpu.js';
import { BASE_HEADERS, MODERN_HEADERS } from './workload.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MIB = 1024 * 1024;

function installTools(): string {
  const out = execFileSync('bash', ['scripts/compare-tools.sh'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return out.trim().split('\n').at(-1)!;
}

async function callHeaders(row: CompareRow, server: ServerProcess) {
  if (row.modern) return { ...BASE_HEADERS, ...MODERN_HEADERS };
  return row.session ? openMcpSession(server.url) : { ...BASE_HEADERS };
}

/** The rows of the servers named in `BENCH_COMPARE_SERVERS` (comma-separated keys), or all. */
function selectedRows(): CompareRow[] {
  const raw = process.env.BENCH_COMPARE_SERVERS;
  if (!raw) return COMPARE_ROWS;
  const keys = new Set(['bare', 'raw-node', ...raw.split(',').map((s) => s.trim())]);
  for (const key of keys) {
    if (!COMPARE_ROWS.some((r) => r.server === key)) {
      throw new Error(`BENCH_COMPARE_SERVERS: unknown server "${key}"`);
    }
  }
  // A row compared to the bare Fastify route brings that route.
  if (COMPARE_ROWS.some((r) => keys.has(r.server) && r.bare)) keys.add('bare-fastify');
  return COMPARE_ROWS.filter((r) => keys.has(r.server));
}

async function main(): Promise<number> {
  const options = readBenchOptions();
  const idle = positiveEnv('BENCH_IDLE_SESSIONS', 1000, true);
  const rows = selectedRows();
  const specs = compareServers(() => installTools());
  printEnvironment(options, `${rows.length} rows, each server in its own process`);
  const servers = new Map<string, ServerProcess>();
  try {
    for (const key of new Set(rows.map((r) => r.server))) {
      servers.set(key, await startServerProcess(specs[key]()));
    }
    const memory = new Map<string, { rssPer1k: number; heapPer1k: number }>();
    console.log(`\nRSS per 1,000 idle sessions (${idle} opened, after full GC in the server)`);
    for (const row of rows.filter((r) => r.idleSessions)) {
      const server = servers.get(row.server)!;
      // Warm-up: 100 sessions, or the measured count when smaller (a smoke run's few).
      await closeSessions(server.url, await openIdleSessions(server.url, Math.min(100, idle)));
      const cost = await idleSessionCost(server, idle);
      memory.set(row.label, cost);
      console.log(
        `  ${row.label.padEnd(34)} ${(cost.rssPer1k / MIB).toFixed(1)} MiB RSS, ${(cost.heapPer1k / MIB).toFixed(1)} MiB heap`,
      );
      await closeSessions(server.url, cost.sessions);
    }

    const targets: LoadTarget[] = [];
    for (const row of rows) {
      const server = servers.get(row.server)!;
      const headers = await callHeaders(row, server);
      await smokeTest(server.url, headers, row.modern);
      const serverCpuMs = () => processCpuMs(server.pid);
      targets.push({
        name: `${row.label} | call`,
        url: server.url,
        headers,
        modern: row.modern,
        serverCpuMs,
        youngGcWindow: () => server.youngGcWindow(),
      });
      if (row.handshake) {
        targets.push({
          name: `${row.label} | handshake`,
          url: server.url,
          headers: { ...BASE_HEADERS },
          workload: 'handshake',
          acceptSse: row.acceptSse,
          serverCpuMs,
        });
      }
    }
    const run = await runInterleaved(
      'tools/call and handshake, all servers',
      targets,
      options,
      false,
    );
    printLoadAverage('after');

    const summary = (label: string, kind: string) => run.summaries.get(`${label} | ${kind}`);
    const labelOf = (server: string) => COMPARE_ROWS.find((r) => r.server === server)!.label;
    const raw = labelOf('raw-node');
    const cell = (row: CompareRow, kind: string) => {
      const ours = summary(row.label, kind)?.rps;
      const base = summary(labelOf(row.bare ?? 'bare'), kind)?.rps;
      return ours === undefined || base === undefined
        ? '—'
        : `${(ours / base).toFixed(2)}× (${ours.toFixed(0)}/s)`;
    };
    const cpu = (row: CompareRow, kind: string) => {
      const us = summary(row.label, kind)?.cpuUsPerRequest;
      return us === undefined || !Number.isFinite(us) ? '—' : us.toFixed(0);
    };
    const toRaw = (row: CompareRow) => {
      const ours = summary(row.label, 'call')?.rps;
      const base = summary(raw, 'call')?.rps;
      return ours === undefined || base === undefined ? '—' : `${(ours / base).toFixed(2)}×`;
    };
    const gcKept = (row: CompareRow) => percent(summary(row.label, 'call')?.youngGcKept ?? NaN);
    console.log(
      `\n${options.durationSec} s per run at ${options.connections} connections, ${options.rounds} round(s), ` +
        `JSON replies (SSE for SDK v2's 2025 handshake); ratios to the bare route of the same ` +
        `adapter (Express unless named), and of tools/call to the raw node:http echo; server CPU ` +
        `per request of each server's process (all its threads; per handshake request: a ` +
        `handshake is 4); GC kept: the share of young bytes the server's scavenges kept during ` +
        `its tools/call runs\n`,
    );
    console.log(
      '| server | tools/call | handshake | CPU µs/req (call, handshake) | call × raw node | ' +
        'GC kept (call) | RSS per 1k idle sessions (heap) |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const row of rows) {
      const cost = memory.get(row.label);
      console.log(
        `| ${row.label} | ${cell(row, 'call')} | ${cell(row, 'handshake')} | ` +
          `${cpu(row, 'call')}, ${cpu(row, 'handshake')} | ${toRaw(row)} | ${gcKept(row)} | ` +
          `${cost === undefined ? '—' : `${(cost.rssPer1k / MIB).toFixed(1)} MiB (heap ${(cost.heapPer1k / MIB).toFixed(1)})`} |`,
      );
    }
    if (run.failures.length > 0) {
      console.error('\nFAILED requests:\n  ' + run.failures.join('\n  '));
      return 1;
    }
    return 0;
  } finally {
    await Promise.all([...servers.values()].map((s) => s.close()));
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
