/**
 * Load benchmark: the MCP server's `tools/call echo` over stateful Streamable HTTP against a bare
 * NestJS route doing the same JSON work, in one process, with autocannon in a worker thread.
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
import { BASE_HEADERS } from './workload.js';

interface Target {
  name: 'mcp' | 'bare';
  started: StartedApp;
  headers: Record<string, string>;
}

async function main(): Promise<number> {
  const options = readBenchOptions();
  // Alternating, starting and ending with mcp, so drift (thermal, other load) hits both alike.
  const order = [
    ...Array.from({ length: options.rounds }, () => ['mcp', 'bare'] as const).flat(),
    'mcp' as const,
  ];
  printEnvironment(options, order);
  const mcpApp = await startMcpApp();
  const bareApp = await startBareApp();
  try {
    const mcp: Target = { name: 'mcp', started: mcpApp, headers: await openMcpSession(mcpApp.url) };
    const bare: Target = { name: 'bare', started: bareApp, headers: { ...BASE_HEADERS } };
    for (const t of [mcp, bare]) await smokeTest(t.started.url, t.headers);

    const load = (t: Target, seconds: number) =>
      runLoad(t.started.url, t.headers, options.connections, seconds);
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
    for (const t of [mcp, bare]) check(t, 'warm-up', await load(t, options.warmupSec));

    console.log('measure');
    const results = { mcp: [] as LoadResult[], bare: [] as LoadResult[] };
    for (const [index, name] of order.entries()) {
      const t = name === 'mcp' ? mcp : bare;
      const r = await load(t, options.durationSec);
      check(t, `run ${index + 1}`, r);
      results[t.name].push(r);
      printRun(t.name, index + 1, r);
    }
    printLoadAverage('after');
    printTable(summarise('mcp', results.mcp), summarise('bare', results.bare));

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
