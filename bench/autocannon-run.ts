import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { LoadJob, LoadResult } from './load-types.js';
import { mainThreadCpuMs } from './thread-cpu.js';

const WORKER_URL = new URL('./load-worker.js', import.meta.url);
const ID_STRIDE = 1_000_000_000;
let runs = 0;

/**
 * Loads `url` with autocannon for `durationSec` in a worker thread (`tools/call echo` POSTs with
 * unique ids) and resolves with the measured rate, latency and failure counts, plus how busy this
 * (the servers') thread was: if it is not near 100 %, the load generator was the bottleneck.
 */
export function runLoad(
  url: string,
  headers: Record<string, string>,
  connections: number,
  durationSec: number,
): Promise<LoadResult> {
  const job: LoadJob = { url, headers, connections, durationSec, idBase: ++runs * ID_STRIDE };
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { workerData: job });
    let result: LoadResult | undefined;
    let elu = performance.eventLoopUtilization();
    let cpu = mainThreadCpuMs();
    worker.once('online', () => {
      elu = performance.eventLoopUtilization();
      cpu = mainThreadCpuMs();
    });
    worker.once('message', (message: LoadResult) => {
      const busy = performance.eventLoopUtilization(elu);
      const cpuMs = cpu === undefined ? undefined : mainThreadCpuMs()! - cpu;
      result = {
        ...message,
        serverElu: busy.utilization,
        serverCpuUsPerRequest:
          cpuMs === undefined ? undefined : (cpuMs * 1000) / Math.max(1, message.completed),
      };
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`load worker exited with code ${code} without a result`));
    });
  });
}
