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

/** Sample interval (ms) of the runs that end on their own (see {@link runLength}). */
const SHORT_SAMPLE_MS = 20;
/** At most this long (s) a sub-second run waits for its floor of replies (see {@link runLength}). */
const SHORT_RUN_CAP_SEC = 30;

/**
 * How a run ends. autocannon notices that a run is over (its duration passed, its amount of
 * requests answered) only at its next sample tick, every second by default: a smoke run asked for
 * 0.1 s would load the server for a whole second. So:
 * - a run of a number of requests ticks every {@link SHORT_SAMPLE_MS};
 * - a sub-second run ticks as often and is stopped here once its duration passed and each
 *   connection had a sequence answered (`floor` replies or request errors; on a starved machine
 *   a 0.1 s window can close before any reply, and a rate of 0 would mean nothing);
 * - a run of a second or more is autocannon's own (its duration, ticks every second).
 */
function runLength(job: LoadJob): {
  options: Pick<autocannon.Options, 'amount' | 'duration' | 'sampleInt'>;
  floor?: number;
} {
  if (job.amount) return { options: { amount: job.amount, sampleInt: SHORT_SAMPLE_MS } };
  if (job.durationSec >= 1) return { options: { duration: job.durationSec } };
  return {
    options: { duration: SHORT_RUN_CAP_SEC, sampleInt: SHORT_SAMPLE_MS },
    floor: job.connections * REQUESTS_PER_SEQUENCE[job.workload ?? 'echo'],
  };
}

/** One autocannon run of `job`. */
async function run(job: LoadJob): Promise<LoadResult> {
  let nextId = job.idBase;
  let badResponses = 0;
  let firstBad: string | undefined;
  // Microseconds: autocannon's own latency histogram has 1 ms resolution, too coarse here.
  const latencyUs = createHistogram();
  const length = runLength(job);
  let replies = 0;
  let durationPassed = false;

  const instance = autocannon({
    url: job.url,
    connections: job.connections,
    pipelining: 1,
    ...length.options,
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

  // Replies and request errors count alike toward the floor (a failing server ends a run too).
  const reply = () => {
    if (++replies === length.floor && durationPassed) instance.stop();
  };
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
    latencyUs.record(Math.max(1, Math.round(ms * 1000)));
    reply();
  });
  instance.on('reqError', reply);
  const { floor } = length;
  const timer =
    floor === undefined
      ? undefined
      : setTimeout(() => {
          durationPassed = true;
          if (replies >= floor) instance.stop();
        }, job.durationSec * 1000);

  // In a worker thread autocannon returns its raw, unaggregated result.
  const result = (await instance) as autocannon.RawResult;
  clearTimeout(timer);
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
