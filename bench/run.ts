/**
 * Load benchmark: the MCP server's `tools/call echo` over stateful Streamable HTTP (2025 session,
 * `mcp`) and as a stateless 2026-07-28 request (`mcp2026`) against a bare NestJS route doing the
 * same JSON work, in one process, with autocannon in a worker thread.
 * Reports; does not assert. Exits 1 only when requests failed.
 *
 * Usage: `npm run bench` (env `BENCH_DURATION` s, `BENCH_CONNECTIONS`, `BENCH_WARMUP` s,
 * `BENCH_ROUNDS`).
 */
import { startBareApp, startMcpApp, type StartedApp } from './apps.js';
import { runLoad } from './autocannon-run.js';
import { failureCount, type LoadResult } from './load-types.js';
import { openMcpSession } from './mcp-session.js';
import { readBenchOptions } from './options.js';
import { printEnvironment, printLoadAverage, printRun, printTable, summarise } from './report.js';
import { smokeTest } from './smoke.js';
import { BASE_HEADERS, MODERN_HEADERS } from './workload.js';

interface Target {
  name: 'mcp' | 'mcp2026' | 'bare';
  started: StartedApp;
  headers: Record<string, string>;
  /** Sends the stateless 2026-07-28 body. */
  modern?: boolean;
}

async function main(): Promise<number> {
  const options = readBenchOptions();
  // Alternating, starting and ending with the MCP runs, so drift (thermal, other load) hits all alike.
  const order = [
    ...Array.from({ length: options.rounds }, () => ['mcp', 'mcp2026', 'bare'] as const).flat(),
    'mcp' as const,
    'mcp2026' as const,
  ];
  printEnvironment(options, order);
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
    const targets = { mcp, mcp2026, bare };
    for (const t of [mcp, mcp2026, bare]) await smokeTest(t.started.url, t.headers, t.modern);

    const load = (t: Target, seconds: number) =>
      runLoad(t.started.url, t.headers, options.connections, seconds, t.modern);
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
    for (const t of [mcp, mcp2026, bare]) check(t, 'warm-up', await load(t, options.warmupSec));

    console.log('measure');
    const results = {
      mcp: [] as LoadResult[],
      mcp2026: [] as LoadResult[],
      bare: [] as LoadResult[],
    };
    for (const [index, name] of order.entries()) {
      const t = targets[name];
      const r = await load(t, options.durationSec);
      check(t, `run ${index + 1}`, r);
      results[t.name].push(r);
      printRun(t.name, index + 1, r);
    }
    printLoadAverage('after');
    printTable(
      [summarise('mcp', results.mcp), summarise('mcp2026', results.mcp2026)],
      summarise('bare', results.bare),
    );

    if (failures.length > 0) {
      console.error('\nFAILED requests:\n  ' + failures.join('\n  '));
      return 1;
    }
    return 0;
  } finally {
    await Promise.all([mcpApp.app.close(), bareApp.app.close()]);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
