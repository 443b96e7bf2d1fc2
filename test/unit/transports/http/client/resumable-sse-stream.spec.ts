import { TransportError } from '../../../../../lib/errors/transport.error.js';
import {
  followSseStream,
  type FollowSseOptions,
} from '../../../../../lib/transports/http/client/resumable-sse-stream.js';

const jest = import.meta.jest;

/** An SSE response whose body is `text`, then ends (or stays open with `open`). */
function sse(text: string, open = false): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      if (!open) controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

const answer = 'data: {"answer":true}\n\n';

describe('followSseStream', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** Options recording messages and reconnections (with the fake clock time of each). */
  function options(
    reconnect: (id: string | undefined) => Promise<Response>,
    extra: Partial<FollowSseOptions> = {},
  ) {
    const messages: string[] = [];
    const calls: Array<{ id: string | undefined; at: number }> = [];
    const controller = new AbortController();
    const start = Date.now();
    const opts: FollowSseOptions = {
      label: 'test stream',
      signal: controller.signal,
      reconnection: { maxAttempts: 3, initialDelayMs: 100, backoffFactor: 1.5, maxDelayMs: 10_000 },
      maxEventBytes: 1 << 20,
      reconnect: (id) => {
        calls.push({ id, at: Date.now() - start });
        return reconnect(id);
      },
      onMessage: (data) => messages.push(data),
      isDone: () => messages.includes('{"answer":true}'),
      reconnectWithoutId: false,
      ...extra,
    };
    return { opts, messages, calls, controller };
  }

  it('reconnects exactly after the retry the server announced, with Last-Event-ID', async () => {
    const { opts, calls } = options(async () => sse(answer));
    const done = followSseStream(sse('id: ev-1\nretry: 500\ndata: \n\n'), opts);
    await jest.advanceTimersByTimeAsync(499);
    expect(calls).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([{ id: 'ev-1', at: 500 }]);
    await expect(done).resolves.toBe('done');
  });

  it('uses the initial delay when the server sent no retry', async () => {
    const { opts, calls } = options(async () => sse(answer));
    const done = followSseStream(sse('id: ev-1\ndata: \n\n'), opts);
    await jest.advanceTimersByTimeAsync(100);
    expect(calls).toEqual([{ id: 'ev-1', at: 100 }]);
    await expect(done).resolves.toBe('done');
  });

  it('backs off on failed attempts, then gives up after maxAttempts', async () => {
    const { opts, calls } = options(async () => {
      throw new TransportError('down', 'http', 503);
    });
    const done = followSseStream(sse('id: ev-1\ndata: \n\n'), opts);
    const outcome = done.catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(calls.map((c) => c.at)).toEqual([100, 250, 475]);
    const error = (await outcome) as TransportError;
    expect(error).toBeInstanceOf(TransportError);
    expect(error.kind).toBe('closed');
    expect(error.message).toContain('gave up after 3 reconnection attempts');
    expect((error.cause as TransportError).status).toBe(503);
  });

  it('resets the attempt count when a reconnection brings new events', async () => {
    let n = 0;
    const { opts, calls } = options(async () => {
      n++;
      if (n < 5) return sse(`id: ev-${n + 1}\ndata: {"progress":${n}}\n\n`);
      return sse(answer);
    });
    const done = followSseStream(sse('id: ev-1\ndata: \n\n'), opts);
    await jest.advanceTimersByTimeAsync(1000);
    await expect(done).resolves.toBe('done');
    expect(calls.map((c) => c.id)).toEqual(['ev-1', 'ev-2', 'ev-3', 'ev-4', 'ev-5']);
  });

  it('fails at once when the server refuses to resume (405, 404)', async () => {
    for (const status of [404, 405]) {
      const { opts } = options(async () => {
        throw new TransportError('no', 'http', status);
      });
      const done = followSseStream(sse('id: ev-1\ndata: \n\n'), opts).catch((e: unknown) => e);
      await jest.advanceTimersByTimeAsync(100);
      expect(await done).toMatchObject({ kind: 'http', status });
    }
  });

  it('fails when a stream without event ids ends before its response', async () => {
    const { opts, calls } = options(async () => sse(answer));
    await expect(followSseStream(sse('data: {"note":1}\n\n'), opts)).rejects.toMatchObject({
      kind: 'closed',
    });
    expect(calls).toEqual([]);
  });

  it('reconnects a stream without ids when allowed (standalone stream)', async () => {
    const { opts, calls } = options(async () => sse(answer), { reconnectWithoutId: true });
    const done = followSseStream(undefined, opts);
    await jest.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([{ id: undefined, at: 0 }]);
    await expect(done).resolves.toBe('done');
  });

  it('stops waiting when aborted', async () => {
    const { opts, calls, controller } = options(async () => sse(answer));
    const done = followSseStream(sse('id: ev-1\ndata: \n\n'), opts);
    await jest.advanceTimersByTimeAsync(50);
    controller.abort();
    await expect(done).resolves.toBe('aborted');
    await jest.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual([]);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('stops reading once the response arrived, even on an open stream', async () => {
    const { opts } = options(async () => sse(answer));
    await expect(followSseStream(sse(answer, true), opts)).resolves.toBe('done');
  });

  it('skips the wait when the response arrived elsewhere meanwhile', async () => {
    let answered = false;
    const { opts, calls } = options(async () => sse(answer), { isDone: () => answered });
    const done = followSseStream(sse('id: ev-1\ndata: \n\n'), opts);
    await jest.advanceTimersByTimeAsync(10);
    answered = true;
    await jest.advanceTimersByTimeAsync(100);
    await expect(done).resolves.toBe('done');
    expect(calls).toEqual([]);
  });
});
