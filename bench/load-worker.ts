/**
 * Worker-thread entry that drives one autocannon run, so the load generator does not share the
 * servers' event loop. Receives {@link LoadJob} as `workerData`, posts back a {@link LoadResult}.
 */
import autocannon from 'autocannon';
import { createHistogram } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import type { LoadJob, LoadResult } from './load-types.js';
import { isEchoResponse, toolsCallBody } from './workload.js';

const job = workerData as LoadJob;
let nextId = job.idBase;
let badResponses = 0;
let firstBad: string | undefined;
// Microseconds: autocannon's own latency histogram has 1 ms resolution, too coarse here.
const latencyUs = createHistogram();

/** True when the reply is plain JSON (an SSE-upgraded reply would also contain the result). */
function isJson(headers: Record<string, string | string[]>): boolean {
  for (const name in headers) {
    if (name.toLowerCase() === 'content-type') {
      return String(headers[name]).startsWith('application/json');
    }
  }
  return false;
}

const instance = autocannon({
  url: job.url,
  connections: job.connections,
  pipelining: 1,
  duration: job.durationSec,
  timeout: 10,
  requests: [
    {
      method: 'POST',
      headers: job.headers,
      // A unique id per request: with 10 connections on one MCP session, ids must not collide.
      setupRequest: (request, context) => {
        const id = ++nextId;
        context.id = id;
        request.body = toolsCallBody(id, job.modern);
        return request;
      },
      onResponse: (status, body, context, headers) => {
        if (status === 200 && isJson(headers) && isEchoResponse(body, context.id as number)) return;
        badResponses++;
        firstBad ??= `HTTP ${status}: ${body.slice(0, 300)}`;
      },
    },
  ],
});

instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
  latencyUs.record(Math.max(1, Math.round(ms * 1000)));
});

// In a worker thread autocannon returns its raw, unaggregated result.
const result = (await instance) as autocannon.RawResult;
const completed = result.totalCompletedRequests;
const report: LoadResult = {
  completed,
  durationSec: result.duration,
  rps: completed / result.duration,
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
