/**
 * Load benchmark of issue 16's targets, each printed as a ratio measured in the same run, with
 * its goal and whether it is met (`bench/targets.ts`). Servers run on this thread (in one
 * process), autocannon in a worker thread; every phase interleaves its targets
 * (`bench/interleaved-runs.ts`). Phases (`BENCH_ONLY=call,handshake,p99,list,client` picks some):
 * - `call`: `tools/call echo` on a 2025 session (`mcp`) and as a stateless 2026-07-28 request
 *   (`mcp2026`) vs a bare NestJS route doing the same JSON work (`bare`). With `BENCH_OTEL`
 *   (default 1) also `otel-off`/`otel-on`: the 2025 calls with the OpenTelemetry SDK and the
 *   nestjs-mcp bridge subscribed, sampling off and on (`bench/otel-arm.ts`);
 * - `handshake`: initialize → initialized → tools/list → tools/call on a fresh session vs the
 *   bare route answering the same four JSON round trips (rates are of whole handshakes);
 * - `p99`: p99 latency of `tools/call` at `BENCH_P99_CONNECTIONS` (default 50) vs the bare route;
 * - `list`: `tools/list` of `BENCH_LIST_TOOLS` (default 200) realistic tools vs 5 of them;
 * - `client`: McpClient vs the official SDK v1 client, calls/s against the MCP app.
 * Reports; does not assert. Exits 1 only when requests failed.
 *
 * Usage: `npm run bench` (env `BENCH_DURATION` s per run (default 5), `BENCH_CONNECTIONS`
 * (default 10), `BENCH_WARMUP` s, `BENCH_ROUNDS`, `BENCH_OTEL=0`, `BENCH_ONLY`,
 * `BENCH_P99_CONNECTIONS`, `BENCH_LIST_TOOLS`, `BENCH_CLIENT_INFLIGHT`).
 */
import { startBareApp, startMcpApp, startToolListApp, type StartedApp } from './apps.js';
import { CLIENT_TARGET_RATIO, compareClients, formatClientRow } from './client-comparison.js';
import { runInterleaved, type LoadTarget } from './interleaved-runs.js';
import { openMcpSession } from './mcp-session.js';
import { positiveEnv, readBenchOptions, type BenchOptions } from './options.js';
import { createOtelArm } from './otel-arm.js';
import { printEnvironment, printLoadAverage, printTable, type TargetSummary } from './report.js';
import { smokeTest } from './smoke.js';
import { printTargets, type TargetCheck } from './targets.js';
import { BASE_HEADERS, MODERN_HEADERS } from './workload.js';

const PHASES = ['call', 'handshake', 'p99', 'list', 'client'] as const;
type Phase = (typeof PHASES)[number];

function selectedPhases(): Set<Phase> {
  const raw = process.env.BENCH_ONLY;
  if (!raw) return new Set(PHASES);
  const names = raw.split(',').map((s) => s.trim());
  for (const name of names) {
    if (!(PHASES as readonly string[]).includes(name)) {
      throw new Error(`BENCH_ONLY: unknown phase "${name}" (${PHASES.join(', ')})`);
    }
  }
  return new Set(names as Phase[]);
}

/** A throughput ratio check of two summaries (higher is better). */
function throughput(
  name: string,
  ours: TargetSummary,
  base: TargetSummary,
  goal: number,
  unit: string,
): TargetCheck {
  return {
    name,
    ratio: ours.rps / base.rps,
    goal,
    kind: 'min',
    detail: `${ours.rps.toFixed(0)} vs ${base.rps.toFixed(0)} ${unit}`,
  };
}

interface Apps {
  mcp: StartedApp;
  bare: StartedApp;
  sessionHeaders: Record<string, string>;
}

async function callPhase(
  apps: Apps,
  options: BenchOptions,
  checks: TargetCheck[],
  failures: string[],
) {
  const withOtel = process.env.BENCH_OTEL !== '0';
  const otel = withOtel ? await createOtelArm() : undefined;
  try {
    const plain = () => otel?.use('none');
    const mcp: LoadTarget = {
      name: 'mcp',
      url: apps.mcp.url,
      headers: apps.sessionHeaders,
      before: plain,
    };
    const mcp2026: LoadTarget = {
      name: 'mcp2026',
      url: apps.mcp.url,
      headers: { ...BASE_HEADERS, ...MODERN_HEADERS },
      modern: true,
      before: plain,
    };
    const bare: LoadTarget = {
      name: 'bare',
      url: apps.bare.url,
      headers: { ...BASE_HEADERS },
      before: plain,
    };
    const otelTargets: LoadTarget[] = withOtel
      ? [
          { ...mcp, name: 'otel-off', before: () => otel?.use('off') },
          { ...mcp, name: 'otel-on', before: () => otel?.use('on') },
        ]
      : [];
    const run = await runInterleaved('tools/call', [mcp, mcp2026, ...otelTargets, bare], options);
    failures.push(...run.failures);
    const s = (name: string) => run.summaries.get(name)!;
    printTable([s('mcp'), s('mcp2026'), ...otelTargets.map((t) => s(t.name))], s('bare'));
    checks.push(
      throughput('tools/call, 2025 session / bare', s('mcp'), s('bare'), 1, 'req/s'),
      throughput('tools/call, 2026-07-28 stateless / bare', s('mcp2026'), s('bare'), 1, 'req/s'),
    );
    for (const t of otelTargets) {
      console.log(
        `${t.name} / mcp (OpenTelemetry SDK, sampling ${t.name === 'otel-on' ? 'on' : 'off'}, ` +
          `vs no subscriber): ${(s(t.name).rps / s('mcp').rps).toFixed(2)}x`,
      );
    }
    if (otel) console.log(`spans exported (sampling on): ${otel.exportedSpans}`);
  } finally {
    await otel?.shutdown();
  }
}

async function main(): Promise<number> {
  const options = readBenchOptions();
  const phases = selectedPhases();
  const p99Connections = positiveEnv('BENCH_P99_CONNECTIONS', 50, true);
  const listTools = positiveEnv('BENCH_LIST_TOOLS', 200, true);
  printEnvironment(options, `phases ${[...phases].join(', ')}`);
  const mcpApp = await startMcpApp();
  const bareApp = await startBareApp();
  const listApps = phases.has('list')
    ? [await startToolListApp(listTools), await startToolListApp(5)]
    : [];
  const checks: TargetCheck[] = [];
  const failures: string[] = [];
  try {
    const apps: Apps = {
      mcp: mcpApp,
      bare: bareApp,
      sessionHeaders: await openMcpSession(mcpApp.url),
    };
    await smokeTest(mcpApp.url, apps.sessionHeaders);
    await smokeTest(mcpApp.url, { ...BASE_HEADERS, ...MODERN_HEADERS }, true);
    await smokeTest(bareApp.url, { ...BASE_HEADERS });

    if (phases.has('call')) await callPhase(apps, options, checks, failures);

    if (phases.has('handshake')) {
      const run = await runInterleaved(
        'handshake (initialize, initialized, tools/list, tools/call; rates in handshakes/s)',
        [
          {
            name: 'mcp-handshake',
            url: mcpApp.url,
            headers: { ...BASE_HEADERS },
            workload: 'handshake',
          },
          {
            name: 'bare-4-trips',
            url: bareApp.url,
            headers: { ...BASE_HEADERS },
            workload: 'handshake',
          },
        ],
        options,
      );
      failures.push(...run.failures);
      const s = (name: string) => run.summaries.get(name)!;
      checks.push(
        throughput(
          'handshake, fresh session / bare 4 trips',
          s('mcp-handshake'),
          s('bare-4-trips'),
          0.95,
          'handshakes/s',
        ),
      );
    }

    if (phases.has('p99')) {
      const run = await runInterleaved(
        `tools/call at ${p99Connections} connections`,
        [
          {
            name: `mcp@${p99Connections}`,
            url: mcpApp.url,
            headers: apps.sessionHeaders,
            connections: p99Connections,
          },
          {
            name: `bare@${p99Connections}`,
            url: bareApp.url,
            headers: { ...BASE_HEADERS },
            connections: p99Connections,
          },
        ],
        options,
      );
      failures.push(...run.failures);
      const ours = run.summaries.get(`mcp@${p99Connections}`)!;
      const bare = run.summaries.get(`bare@${p99Connections}`)!;
      checks.push({
        name: `p99 tools/call @${p99Connections} conns, mcp / bare`,
        ratio: ours.p99Ms / bare.p99Ms,
        goal: 1,
        kind: 'max',
        detail: `${ours.p99Ms.toFixed(2)} vs ${bare.p99Ms.toFixed(2)} ms`,
      });
    }

    if (phases.has('list')) {
      const [many, few] = listApps;
      const headers = async (app: StartedApp) => openMcpSession(app.url);
      const run = await runInterleaved(
        'tools/list',
        [
          {
            name: `list-${listTools}`,
            url: many.url,
            headers: await headers(many),
            workload: 'list',
          },
          { name: 'list-5', url: few.url, headers: await headers(few), workload: 'list' },
        ],
        options,
      );
      failures.push(...run.failures);
      const s = (name: string) => run.summaries.get(name)!;
      checks.push(
        throughput(
          `tools/list, ${listTools} tools / 5 tools`,
          s(`list-${listTools}`),
          s('list-5'),
          0.8,
          'req/s',
        ),
      );
    }

    if (phases.has('client')) {
      console.log(
        '\nclients (McpClient vs official SDK v1 client, tools/call echo against the MCP app)',
      );
      const inflight = positiveEnv('BENCH_CLIENT_INFLIGHT', 8, true);
      const rows = await compareClients(mcpApp.url, options, inflight, failures);
      for (const row of rows) {
        console.log('  ' + formatClientRow(row));
        checks.push({
          name: `McpClient / SDK v1 client, ${row.variant}`,
          ratio: row.ratio,
          goal: CLIENT_TARGET_RATIO,
          kind: 'min',
          detail: `${row.oursCallsPerSec.toFixed(0)} vs ${row.sdkCallsPerSec.toFixed(0)} calls/s`,
        });
      }
    }

    printLoadAverage('after');
    printTargets(checks);
    if (failures.length > 0) {
      console.error('\nFAILED requests:\n  ' + failures.join('\n  '));
      return 1;
    }
    return 0;
  } finally {
    await Promise.all([mcpApp, bareApp, ...listApps].map((a) => a.app.close()));
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
