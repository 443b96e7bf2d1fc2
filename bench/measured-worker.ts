import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { LoadResult } from './load-types.js';
import { mainThreadCpuMs } from './thread-cpu.js';

/**
 * Runs a load generator in a worker thread and resolves with its result, plus how busy this
 * thread (the servers') was while it ran: event-loop utilisation and CPU time per completed
 * request. Measuring starts when the worker is online, so its start-up is not counted.
 */
export function runMeasuredWorker(workerUrl: URL, workerData: unknown): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, { workerData });
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
