/**
 * Client benchmark: `tools/call echo` throughput of our McpClient against the official SDK v1
 * client (`@modelcontextprotocol/sdk` Client + StreamableHTTPClientTransport), both over
 * Streamable HTTP to the same NestJS MCP server in the same run (`bench/client-comparison.ts`).
 * The server runs on this thread; each client runs alone in a worker thread, one call in flight
 * (sequential) or `BENCH_CLIENT_INFLIGHT` (default 8). Prints calls/s, the client's own busy time
 * per call and the ratio McpClient / SDK (target ≥ 1.5). Reports; does not assert. Exits 1 only
 * when calls failed. `npm run bench` runs the same comparison among its targets.
 *
 * Usage: `npm run bench:client` (env `BENCH_DURATION` s, `BENCH_WARMUP` s, `BENCH_ROUNDS`,
 * `BENCH_CLIENT_INFLIGHT`).
 */
import { startMcpApp } from './apps.js';
import { compareClients, formatClientRow } from './client-comparison.js';
import { readBenchOptions } from './options.js';
import { printLoadAverage } from './report.js';

async function main(): Promise<number> {
  const options = readBenchOptions();
  const inflight = Number(process.env.BENCH_CLIENT_INFLIGHT ?? 8);
  console.log(
    `node ${process.version}; ${options.durationSec} s per run, ${options.warmupSec} s warm-up, ` +
      `${options.rounds} round(s) of sdk-v1 -> mcp-client -> sdk-v1 per variant`,
  );
  printLoadAverage('before');
  const app = await startMcpApp();
  const failures: string[] = [];
  let rows;
  try {
    rows = await compareClients(app.url, options, inflight, failures);
  } finally {
    await app.close();
  }
  printLoadAverage('after');
  console.log('\nmedians:');
  for (const row of rows) console.log('  ' + formatClientRow(row));
  if (failures.length > 0) {
    console.error('\nFAILED calls:\n  ' + failures.join('\n  '));
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
