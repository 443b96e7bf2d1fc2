/**
 * Client benchmark: `tools/call echo` throughput of our McpClient against the official SDK v1
 * client (`@modelcontextprotocol/sdk` Client + StreamableHTTPClientTransport), both over
 * Streamable HTTP to the same NestJS MCP server in the same run. The server runs on this thread;
 * each client runs alone in a worker thread, one call in flight (sequential) or
 * `BENCH_CLIENT_INFLIGHT` (default 8). Runs alternate so drift hits both alike. Prints calls/s,
 * the client's own busy time per call and the ratio McpClient / SDK (target ≥ 1.5). Reports;
 * does not assert. Exits 1 only when calls failed.
 *
 * Usage: `npm run bench:client` (env `BENCH_DURATION` s, `BENCH_WARMUP` s, `BENCH_ROUNDS`,
 * `BENCH_CLIENT_INFLIGHT`).
 */
import { Worker } from 'node:worker_threads';
import { startMcpApp } from './apps.js';
import type { ClientLoadJob, ClientLoadResult } from './client-load-worker.js';
import { readBenchOptions } from './options.js';
import { printLoadAverage } from './report.js';

const WORKER_URL = new URL('./client-load-worker.js', import.meta.url);
/** The ratio McpClient / SDK v1 client aimed at (issue 10). */
const TARGET_RATIO = 1.5;

function runClient(job: ClientLoadJob): Promise<ClientLoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { workerData: job });
    let result: ClientLoadResult | undefined;
    worker.once('message', (message: ClientLoadResult) => (result = message));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      result ? resolve(result) : reject(new Error(`client worker exited with code ${code}`)),
    );
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function main(): Promise<number> {
  const options = readBenchOptions();
  const inflight = Number(process.env.BENCH_CLIENT_INFLIGHT ?? 8);
  const variants = [
    { name: 'sequential', inflight: 1 },
    { name: `${inflight} in flight`, inflight },
  ];
  console.log(
    `node ${process.version}; ${options.durationSec} s per run, ${options.warmupSec} s warm-up, ` +
      `${options.rounds} round(s) of sdk-v1 -> mcp-client -> sdk-v1 per variant`,
  );
  printLoadAverage('before');
  const app = await startMcpApp();
  const failures: string[] = [];
  const rows: string[] = [];
  try {
    for (const variant of variants) {
      const runs = { 'mcp-client': [] as ClientLoadResult[], 'sdk-v1': [] as ClientLoadResult[] };
      const order = [
        ...Array.from({ length: options.rounds }, () => ['sdk-v1', 'mcp-client'] as const).flat(),
        'sdk-v1' as const,
      ];
      for (const client of order) {
        const r = await runClient({
          client,
          url: app.url,
          inflight: variant.inflight,
          durationSec: options.durationSec,
          warmupSec: options.warmupSec,
        });
        runs[client].push(r);
        console.log(
          `  ${variant.name.padEnd(12)} ${client.padEnd(10)} ${r.callsPerSec.toFixed(0).padStart(6)} calls/s  ` +
            `client ${r.clientUsPerCall.toFixed(0)} us/call  (${r.completed} calls, ${r.failed} failed)`,
        );
        if (r.failed > 0)
          failures.push(`${variant.name} ${client}: ${r.failed} failed; ${r.firstError}`);
      }
      const ours = median(runs['mcp-client'].map((r) => r.callsPerSec));
      const sdk = median(runs['sdk-v1'].map((r) => r.callsPerSec));
      const oursUs = median(runs['mcp-client'].map((r) => r.clientUsPerCall));
      const sdkUs = median(runs['sdk-v1'].map((r) => r.clientUsPerCall));
      rows.push(
        `${variant.name.padEnd(12)} mcp-client ${ours.toFixed(0).padStart(6)}  sdk-v1 ${sdk.toFixed(0).padStart(6)} calls/s` +
          `  ratio ${(ours / sdk).toFixed(2)} (target ≥ ${TARGET_RATIO})` +
          `  client us/call ${oursUs.toFixed(0)} vs ${sdkUs.toFixed(0)}`,
      );
    }
  } finally {
    await app.app.close();
  }
  printLoadAverage('after');
  console.log('\nmedians:');
  for (const row of rows) console.log('  ' + row);
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
