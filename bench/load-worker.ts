/**
 * Worker-thread entry that drives autocannon runs, so the load generator does not share the
 * servers' event loop. Serves {@link LoadJob}s one at a time (`bench/worker-jobs.ts`), posting
 * back a {@link LoadResult} for each.
 */
import autocannon from 'autocannon';
import { createHistogram } from 'node:perf_hooks';
import { REQUESTS_PER_SEQUENCE, type LoadJob, type LoadResult } from './load-types.js';
import { requestsFor } from './load-requests.js';
import { serveJobs } from './worker-jobs.js';

/** Sample interval (ms) of a run of a given number of requests (see {@link sampleIntervalMs}). */
const AMOUNT_SAMPLE_MS = 100;

/**
 * autocannon notices that a run is over (its duration passed, its amount of requests answered)
 * only at its next sample tick, every second by default: a run asked for 0.1 s would load the
 * server for a whole second, and one of a few hundred requests would end up to a second late.
 * The tick is the duration when that is shorter (at the same delay, the duration's timer fires
 * first), and {@link AMOUNT_SAMPLE_MS} for a number of requests; runs of a second or more keep
 * autocannon's default.
 */
function sampleIntervalMs(job: LoadJob): number {
  return job.amount ? AMOUNT_SAMPLE_MS : Math.min(1000, job.durationSec * 1000);
}

/** One autocannon run of `job`. */
async function run(job: LoadJob): Promise<LoadResult> {
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
    sampleInt: sampleIntervalMs(job),
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
  return {
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
}

serveJobs(run);
