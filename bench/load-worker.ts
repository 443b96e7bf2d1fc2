/**
 * Worker-thread entry that drives one autocannon run, so the load generator does not share the
 * servers' event loop. Receives {@link LoadJob} as `workerData`, posts back a {@link LoadResult}.
 */
import autocannon from 'autocannon';
import { createHistogram } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { REQUESTS_PER_SEQUENCE, type LoadJob, type LoadResult } from './load-types.js';
import { requestsFor } from './load-requests.js';

const job = workerData as LoadJob;
let nextId = job.idBase;
let badResponses = 0;
let firstBad: string | undefined;
// Microseconds: autocannon's own latency histogram has 1 ms resolution, too coarse here.
const latencyUs = createHistogram();

const instance = autocannon({
  url: job.url,
  connections: job.connections,
  pipelining: 1,
  ...(job.amount ? { amount: job.amount } : { duration: job.durationSec }),
  timeout: 10,
  requests: requestsFor(
    job,
    () => ++nextId,
    (description) => {
      badResponses++;
      firstBad ??= description;
    },
  ),
});

instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
  latencyUs.record(Math.max(1, Math.round(ms * 1000)));
});

// In a worker thread autocannon returns its raw, unaggregated result.
const result = (await instance) as autocannon.RawResult;
const completed = result.totalCompletedRequests;
// Rates are of whole sequences (a handshake is four requests); latency stays per request.
const perSequence = REQUESTS_PER_SEQUENCE[job.workload ?? 'echo'];
const report: LoadResult = {
  completed,
  durationSec: result.duration,
  rps: completed / perSequence / result.duration,
  p50Ms: latencyUs.percentile(50) / 1000,
  p99Ms: latencyUs.percentile(99) / 1000,
  meanMs: latencyUs.mean / 1000,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  badResponses,
  firstBad,
};
parentPort!.postMessage(report);
