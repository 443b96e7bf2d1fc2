import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { LoadResult } from './load-types.js';
import { mainThreadCpuMs } from './thread-cpu.js';
import type { WorkerReply } from './worker-jobs.js';

/** Idle workers by pool key (a script URL, or one of its uses), unreferenced while idle. */
const idle = new Map<string, Worker[]>();

/** The next reply of `worker`; rejects when it fails or exits first. */
function nextReply<R>(worker: Worker): Promise<WorkerReply<R>> {
  return new Promise((resolve, reject) => {
    const done = () => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    };
    const onMessage = (reply: WorkerReply<R>) => {
      done();
      resolve(reply);
    };
    const onError = (error: unknown) => {
      done();
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    const onExit = (code: number) => {
      done();
      reject(new Error(`worker ${worker.threadId} exited with code ${code} without a result`));
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}

/** An idle worker of pool `key`, or a new one of `workerUrl` once its modules are loaded. */
async function acquire(workerUrl: URL, key: string): Promise<Worker> {
  const reused = idle.get(key)?.pop();
  if (reused) {
    reused.ref();
    return reused;
  }
  const worker = new Worker(workerUrl);
  // An idle worker that fails or exits leaves the pool (and does not crash this process).
  const drop = () => {
    const list = idle.get(key);
    const index = list?.indexOf(worker) ?? -1;
    if (index >= 0) list!.splice(index, 1);
  };
  worker.on('error', drop).on('exit', drop);
  const first = await nextReply(worker);
  if (!('ready' in first)) throw new Error(`${workerUrl.href}: expected its ready message first`);
  return worker;
}

/**
 * Runs `job` in a worker thread of `workerUrl` (a script serving jobs with `serveJobs` of
 * `bench/worker-jobs.ts`) and resolves with its result. Workers are kept between jobs, one pool
 * per `key` (default: the script; give each kind of job its own key to keep it alone in its
 * thread); a new one starts only when jobs of a key overlap. `onStart` runs right before the job
 * is posted to a ready worker (a worker's start-up is never inside what it measures). A job that
 * fails ends its worker.
 */
export async function runWorkerJob<R>(
  workerUrl: URL,
  job: unknown,
  key = workerUrl.href,
  onStart?: () => void,
): Promise<R> {
  const worker = await acquire(workerUrl, key);
  onStart?.();
  worker.postMessage(job);
  let reply: WorkerReply<R>;
  try {
    reply = await nextReply<R>(worker);
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  if (!('result' in reply)) {
    await worker.terminate();
    throw new Error(`${workerUrl.href}: ${'error' in reply ? reply.error : 'unexpected reply'}`);
  }
  worker.unref();
  idle.set(key, [...(idle.get(key) ?? []), worker]);
  return reply.result;
}

/**
 * Runs a load job in a worker thread ({@link runWorkerJob}) and resolves with its result, plus
 * how busy this thread (the servers') was while it ran: event-loop utilisation and CPU time per
 * completed request, measured from the moment the job is posted to a ready worker.
 */
export async function runMeasuredWorker(workerUrl: URL, job: unknown): Promise<LoadResult> {
  let elu = performance.eventLoopUtilization();
  let cpu = mainThreadCpuMs();
  const message = await runWorkerJob<LoadResult>(workerUrl, job, workerUrl.href, () => {
    elu = performance.eventLoopUtilization();
    cpu = mainThreadCpuMs();
  });
  const busy = performance.eventLoopUtilization(elu);
  const cpuMs = cpu === undefined ? undefined : mainThreadCpuMs()! - cpu;
  return {
    ...message,
    serverElu: busy.utilization,
    serverCpuUsPerRequest:
      cpuMs === undefined ? undefined : (cpuMs * 1000) / Math.max(1, message.completed),
  };
}
