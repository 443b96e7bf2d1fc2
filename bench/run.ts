/**
 * Load benchmark: the MCP server's `tools/call echo` over stateful Streamable HTTP (2025 session,
 * `mcp`) and as a stateless 2026-07-28 request (`mcp2026`) against a bare NestJS route doing the
 * same JSON work, in one process, with autocannon in a worker thread.
 * Reports; does not assert. Exits 1 only when requests failed.
 *
 * With `BENCH_OTEL` (default 1) two more targets on the 2025 session: `otel-off` and `otel-on`,
 * the same calls with the OpenTelemetry SDK and the nestjs-mcp bridge subscribed, sampling off
 * and on (`bench/otel-arm.ts`), each also reported against the plain `mcp` runs.
 *
 * Usage: `npm run bench` (env `BENCH_DURATION` s, `BENCH_CONNECTIONS`, `BENCH_WARMUP` s,
 * `BENCH_ROUNDS`, `BENCH_OTEL=0` to leave the OpenTelemetry arm out).
 */
import { startBareApp, startMcpApp, type StartedApp } from './apps.js';
import { runLoad } from './autocannon-run.js';
import { failureCount, type LoadResult } from './load-types.js';
import { openMcpSession } from './mcp-session.js';
import { readBenchOptions } from './options.js';
import { printEnvironment, printLoadAverage, printRun, printTable, summarise } from './report.js';
import { smokeTest } from './smoke.js';
import { BASE_HEADERS, MODERN_HEADERS } from './workload.js';
import { createOtelArm } from './otel-arm.js';

type TargetName = 'mcp' | 'mcp2026' | 'bare' | 'otel-off' | 'otel-on';

interface Target {
  name: TargetName;
  started: StartedApp;
  headers: Record<string, string>;
  /** Sends the stateless 2026-07-28 body. */
  modern?: boolean;
}

async function main(): Promise<number> {
  const options = readBenchOptions();
  const withOtel = process.env.BENCH_OTEL !== '0';
  const round: TargetName[] = withOtel
    ? ['mcp', 'otel-off', 'mcp2026', 'otel-on', 'bare']
    : ['mcp', 'mcp2026', 'bare'];
  // Alternating, starting and ending with the MCP runs, so drift (thermal, other load) hits all alike.
  const order: TargetName[] = [
    ...Array.from({ length: options.rounds }, () => round).flat(),
    'mcp',
    'mcp2026',
    ...(withOtel ? (['otel-off', 'otel-on'] as const) : []),
  ];
  printEnvironment(options, order);
  const otel = withOtel ? await createOtelArm() : undefined;
  const mcpApp = await startMcpApp();
  const bareApp = await startBareApp();
  try {
    const mcp: Target = { name: 'mcp', started: mcpApp, headers: await openMcpSession(mcpApp.url) };
    const mcp2026: Target = {
      name: 'mcp2026',
      started: mcpApp,
      headers: { ...BASE_HEADERS, ...MODERN_HEADERS },
      modern: true,
    };
    const bare: Target = { name: 'bare', started: bareApp, headers: { ...BASE_HEADERS } };
    const otelOff: Target = { ...mcp, name: 'otel-off' };
    const otelOn: Target = { ...mcp, name: 'otel-on' };
    const targets = { mcp, mcp2026, bare, 'otel-off': otelOff, 'otel-on': otelOn };
    for (const t of [mcp, mcp2026, bare]) await smokeTest(t.started.url, t.headers, t.modern);

    const load = (t: Target, seconds: number) => {
      otel?.use(t.name === 'otel-on' ? 'on' : t.name === 'otel-off' ? 'off' : 'none');
      return runLoad(t.started.url, t.headers, options.connections, seconds, t.modern);
    };
    const failures: string[] = [];
    const check = (t: Target, phase: string, r: LoadResult) => {
      const count = failureCount(r);
      if (count === 0) return;
      failures.push(
        `${t.name} ${phase}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts, ` +
          `${r.badResponses} bad responses; first bad: ${r.firstBad ?? 'n/a'}`,
      );
    };

    console.log('warm-up');
    const warm = withOtel ? [mcp, otelOff, otelOn, mcp2026, bare] : [mcp, mcp2026, bare];
    for (const t of warm) check(t, 'warm-up', await load(t, options.warmupSec));

    console.log('measure');
    const results = {
      mcp: [] as LoadResult[],
      mcp2026: [] as LoadResult[],
      bare: [] as LoadResult[],
      'otel-off': [] as LoadResult[],
      'otel-on': [] as LoadResult[],
    };
    for (const [index, name] of order.entries()) {
      const t = targets[name];
      const r = await load(t, options.durationSec);
      check(t, `run ${index + 1}`, r);
      results[t.name].push(r);
      printRun(t.name, index + 1, r);
    }
    printLoadAverage('after');
    const mcpSummary = summarise('mcp', results.mcp);
    const otelRows = withOtel
      ? [summarise('otel-off', results['otel-off']), summarise('otel-on', results['otel-on'])]
      : [];
    printTable(
      [mcpSummary, summarise('mcp2026', results.mcp2026), ...otelRows],
      summarise('bare', results.bare),
    );
    for (const row of otelRows) {
      console.log(
        `${row.name} / mcp (OpenTelemetry SDK, sampling ${row.name === 'otel-on' ? 'on' : 'off'}, ` +
          `vs no subscriber): ${(row.rps / mcpSummary.rps).toFixed(2)}x`,
      );
    }
    if (otel) console.log(`spans exported (sampling on): ${otel.exportedSpans}`);

    if (failures.length > 0) {
      console.error('\nFAILED requests:\n  ' + failures.join('\n  '));
      return 1;
    }
    return 0;
  } finally {
    await Promise.all([mcpApp.app.close(), bareApp.app.close(), otel?.shutdown()]);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
