import type { ClientLoadJob, ClientLoadResult } from './client-load-worker.js';
import { runWorkerJob } from './measured-worker.js';
import type { BenchOptions } from './options.js';

const WORKER_URL = new URL('./client-load-worker.js', import.meta.url);

/** The ratio McpClient / SDK v1 client aimed at (issues 10 and 16). */
export const CLIENT_TARGET_RATIO = 1.5;

/** Medians of one variant (calls in flight) of the client comparison. */
export interface ClientComparisonRow {
  variant: string;
  oursCallsPerSec: number;
  sdkCallsPerSec: number;
  ratio: number;
  oursUsPerCall: number;
  sdkUsPerCall: number;
}

/** One run in the worker thread of its client (each client alone in its thread, kept for its next run). */
function runClient(job: ClientLoadJob): Promise<ClientLoadResult> {
  return runWorkerJob<ClientLoadResult>(WORKER_URL, job, `${WORKER_URL.href}#${job.client}`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/**
 * `tools/call echo` calls/s of McpClient and of the official SDK v1 client against the server at
 * `url`, each alone in a worker thread, one call in flight and `inflight` in flight, alternating
 * sdk-v1 → mcp-client → … → sdk-v1 (`options.rounds` rounds). Prints each run; pushes failures.
 */
export async function compareClients(
  url: string,
  options: BenchOptions,
  inflight: number,
  failures: string[],
): Promise<ClientComparisonRow[]> {
  const variants = [
    { name: 'sequential', inflight: 1 },
    { name: `${inflight} in flight`, inflight },
  ];
  const rows: ClientComparisonRow[] = [];
  for (const variant of variants) {
    const runs = { 'mcp-client': [] as ClientLoadResult[], 'sdk-v1': [] as ClientLoadResult[] };
    const order = [
      ...Array.from({ length: options.rounds }, () => ['sdk-v1', 'mcp-client'] as const).flat(),
      'sdk-v1' as const,
    ];
    for (const client of order) {
      const r = await runClient({
        client,
        url,
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
    rows.push({
      variant: variant.name,
      oursCallsPerSec: ours,
      sdkCallsPerSec: sdk,
      ratio: ours / sdk,
      oursUsPerCall: median(runs['mcp-client'].map((r) => r.clientUsPerCall)),
      sdkUsPerCall: median(runs['sdk-v1'].map((r) => r.clientUsPerCall)),
    });
  }
  return rows;
}

/** One line per variant: medians and the ratio against its target. */
export function formatClientRow(row: ClientComparisonRow): string {
  return (
    `${row.variant.padEnd(12)} mcp-client ${row.oursCallsPerSec.toFixed(0).padStart(6)}  ` +
    `sdk-v1 ${row.sdkCallsPerSec.toFixed(0).padStart(6)} calls/s` +
    `  ratio ${row.ratio.toFixed(2)} (target ≥ ${CLIENT_TARGET_RATIO})` +
    `  client us/call ${row.oursUsPerCall.toFixed(0)} vs ${row.sdkUsPerCall.toFixed(0)}`
  );
}
