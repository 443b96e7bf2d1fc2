/**
 * Preloaded into a bench server process by `bench/allocations.ts` (`--import` after the memory
 * probe): samples what the server allocates between two questions over the IPC channel, with
 * V8's sampling heap profiler through an in-process inspector session, INCLUDING the objects the
 * minor and major GCs collected before the stop (a request's garbage is most of what it costs).
 *
 * Messages: `{ op: 'alloc-start', interval }` → sampling starts (one sample every `interval`
 * bytes on average), answered `{}`; `{ op: 'alloc-stop' }` → `{ profile }`, the sampling heap
 * profile (`HeapProfiler.SamplingHeapProfile`: a call tree whose nodes carry the estimated bytes
 * allocated in that function). Node imports only.
 */
import { Session } from 'node:inspector';

/** A question from the parent. */
export type AllocationRequest = { op: 'alloc-start'; interval: number } | { op: 'alloc-stop' };

const session = new Session();
session.connect();

const post = <Reply>(method: string, params?: object) =>
  new Promise<Reply>((resolve, reject) =>
    session.post(method, params, (error, reply) =>
      error ? reject(error) : resolve(reply as Reply),
    ),
  );

async function answer(request: AllocationRequest): Promise<object> {
  if (request.op === 'alloc-start') {
    await post('HeapProfiler.enable');
    await post('HeapProfiler.startSampling', {
      samplingInterval: request.interval,
      includeObjectsCollectedByMinorGC: true,
      includeObjectsCollectedByMajorGC: true,
    });
    return {};
  }
  const { profile } = await post<{ profile: unknown }>('HeapProfiler.stopSampling');
  await post('HeapProfiler.disable');
  return { profile };
}

if (process.send) {
  process.on('message', (request: AllocationRequest) => {
    if (request.op !== 'alloc-start' && request.op !== 'alloc-stop') return;
    answer(request).then(
      (reply) => process.send!(reply),
      (error: unknown) => process.send!({ error: String(error) }),
    );
  });
}
