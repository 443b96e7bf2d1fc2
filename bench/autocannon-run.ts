import type { LoadJob, LoadResult } from './load-types.js';
import { runMeasuredWorker } from './measured-worker.js';

const WORKER_URL = new URL('./load-worker.js', import.meta.url);
const ID_STRIDE = 1_000_000_000;
let runs = 0;

/**
 * Loads `url` with autocannon for `durationSec` (or `extra.amount` requests) in a worker thread
 * (`extra.workload`, default `tools/call echo` POSTs with unique ids) and resolves with the measured rate, latency and failure counts, plus how busy this
 * (the servers') thread was: if it is not near 100 %, the load generator was the bottleneck.
 */
export function runLoad(
  url: string,
  headers: Record<string, string>,
  connections: number,
  durationSec: number,
  modern = false,
  extra: Pick<LoadJob, 'workload' | 'amount' | 'acceptSse' | 'forwardedFor'> = {},
): Promise<LoadResult> {
  const job: LoadJob = {
    url,
    headers,
    connections,
    durationSec,
    idBase: ++runs * ID_STRIDE,
    modern,
    ...(extra.workload ? { workload: extra.workload } : {}),
    ...(extra.amount ? { amount: extra.amount } : {}),
    ...(extra.acceptSse ? { acceptSse: true } : {}),
    ...(extra.forwardedFor ? { forwardedFor: true } : {}),
  };
  return runMeasuredWorker(WORKER_URL, job);
}
