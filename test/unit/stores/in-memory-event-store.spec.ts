import { InMemoryEventStore } from '../../../lib/stores/in-memory-event-store.js';

const jestApi = import.meta.jest;

async function replay(
  store: InMemoryEventStore,
  lastEventId: string,
): Promise<{ streamId: string | undefined; events: [string, unknown][] }> {
  const events: [string, unknown][] = [];
  const streamId = await store.replayEventsAfter(lastEventId, (id, message) => {
    events.push([id, message]);
  });
  return { streamId, events };
}

describe('InMemoryEventStore', () => {
  let store: InMemoryEventStore;

  afterEach(() => {
    store.dispose();
    jestApi.useRealTimers();
  });

  it('returns unique ids of the form `${streamId}_${seq}`, increasing across streams', async () => {
    store = new InMemoryEventStore();
    const ids = [
      await store.storeEvent('a', 1),
      await store.storeEvent('b', 2),
      await store.storeEvent('a', 3),
    ];
    expect(ids).toEqual(['a_1', 'b_2', 'a_3']);
    expect(new Set(ids).size).toBe(3);
  });

  it('replays only the events after the id, in order, on that id’s stream only', async () => {
    store = new InMemoryEventStore();
    const a1 = await store.storeEvent('a', { n: 1 });
    await store.storeEvent('b', { n: 'b1' });
    const a2 = await store.storeEvent('a', { n: 2 });
    await store.storeEvent('b', { n: 'b2' });
    const a3 = await store.storeEvent('a', { n: 3 });

    expect(await replay(store, a1)).toEqual({
      streamId: 'a',
      events: [
        [a2, { n: 2 }],
        [a3, { n: 3 }],
      ],
    });
    expect(await replay(store, a3)).toEqual({ streamId: 'a', events: [] });
  });

  it('maps stream ids containing underscores back correctly', async () => {
    store = new InMemoryEventStore();
    const first = await store.storeEvent('sess_1_GET', 'x');
    const second = await store.storeEvent('sess_1_GET', 'y');
    expect(await replay(store, first)).toEqual({ streamId: 'sess_1_GET', events: [[second, 'y']] });
  });

  it.each(['nope_1', 'a', 'a_', 'a_0', 'a_01', 'a_x', '_1', 'a_999'])(
    'resolves undefined and sends nothing for unknown or malformed id %p',
    async (lastEventId) => {
      store = new InMemoryEventStore();
      await store.storeEvent('a', 'x');
      expect(await replay(store, lastEventId)).toEqual({ streamId: undefined, events: [] });
    },
  );

  it('rejects stream ids that could not travel in an SSE id or header', async () => {
    store = new InMemoryEventStore();
    await expect(store.storeEvent('', 'x')).rejects.toThrow(TypeError);
    await expect(store.storeEvent('a b', 'x')).rejects.toThrow(TypeError);
    await expect(store.storeEvent('a\nb', 'x')).rejects.toThrow(TypeError);
  });

  it('awaits an async send before the next and includes events stored meanwhile', async () => {
    store = new InMemoryEventStore();
    const a1 = await store.storeEvent('a', 1);
    await store.storeEvent('a', 2);
    const seen: unknown[] = [];
    await store.replayEventsAfter(a1, async (_id, message) => {
      seen.push(message);
      if (message === 2) await store.storeEvent('a', 3);
    });
    expect(seen).toEqual([2, 3]);
  });

  it('propagates a failing send', async () => {
    store = new InMemoryEventStore();
    const a1 = await store.storeEvent('a', 1);
    await store.storeEvent('a', 2);
    await expect(
      store.replayEventsAfter(a1, () => Promise.reject(new Error('socket gone'))),
    ).rejects.toThrow('socket gone');
  });

  it('keeps only the newest maxEventsPerStream events of a stream', async () => {
    store = new InMemoryEventStore({ maxEventsPerStream: 3 });
    const ids: string[] = [];
    for (let n = 1; n <= 10; n++) ids.push(await store.storeEvent('a', n));
    const other = await store.storeEvent('b', 'b');

    const fromStart = await replay(store, ids[0]);
    expect(fromStart.events.map(([, m]) => m)).toEqual([8, 9, 10]);
    expect(fromStart.events.map(([id]) => id)).toEqual(ids.slice(7));
    expect((await replay(store, ids[8])).events).toEqual([[ids[9], 10]]);
    expect((await replay(store, other)).streamId).toBe('b');
  });

  it('deleteStream forgets one stream and leaves the others', async () => {
    store = new InMemoryEventStore();
    const a1 = await store.storeEvent('a', 1);
    const b1 = await store.storeEvent('b', 1);
    await store.deleteStream('a');
    await store.deleteStream('never-existed');
    expect(await replay(store, a1)).toEqual({ streamId: undefined, events: [] });
    expect((await replay(store, b1)).streamId).toBe('b');
    expect(store.streamCount).toBe(1);
  });

  it('ids stay unique when a deleted stream id is reused', async () => {
    store = new InMemoryEventStore();
    const old = await store.storeEvent('a', 'old');
    await store.deleteStream('a');
    const fresh = await store.storeEvent('a', 'new');
    expect(fresh).not.toBe(old);
  });

  describe('TTL', () => {
    const ttlMs = 1000;

    beforeEach(() => {
      jestApi.useFakeTimers({ now: 1_000_000 });
    });

    it('treats a stream as unknown once ttlMs passed since its last write', async () => {
      store = new InMemoryEventStore({ ttlMs });
      const a1 = await store.storeEvent('a', 1);
      jestApi.setSystemTime(Date.now() + ttlMs - 1);
      const a2 = await store.storeEvent('a', 2); // a write extends the stream's life
      jestApi.setSystemTime(Date.now() + ttlMs - 1);
      expect((await replay(store, a1)).events).toEqual([[a2, 2]]);
      jestApi.setSystemTime(Date.now() + 1);
      expect(await replay(store, a1)).toEqual({ streamId: undefined, events: [] });
      expect(store.streamCount).toBe(0);
    });

    it('sweeps expired streams lazily on a write to another stream', async () => {
      store = new InMemoryEventStore({ ttlMs });
      await store.storeEvent('a', 1);
      await store.storeEvent('b', 1);
      jestApi.setSystemTime(Date.now() + ttlMs / 2);
      await store.storeEvent('b', 2);
      jestApi.setSystemTime(Date.now() + ttlMs / 2); // 'a' expired, 'b' not; no timer has run
      await store.storeEvent('c', 1);
      expect(store.streamCount).toBe(2);
      expect(jestApi.getTimerCount()).toBe(1);
    });

    it('sweeps expired streams with its timer, then stops the timer when empty', async () => {
      store = new InMemoryEventStore({ ttlMs });
      await store.storeEvent('a', 1);
      expect(jestApi.getTimerCount()).toBe(1);
      jestApi.advanceTimersByTime(ttlMs);
      expect(store.streamCount).toBe(0);
      expect(jestApi.getTimerCount()).toBe(0);
    });

    it('dispose() drops everything and clears the timer', async () => {
      store = new InMemoryEventStore({ ttlMs });
      const a1 = await store.storeEvent('a', 1);
      store.dispose();
      expect(jestApi.getTimerCount()).toBe(0);
      expect((await replay(store, a1)).streamId).toBeUndefined();
    });

    it('runs no timer when expiry is disabled', async () => {
      store = new InMemoryEventStore({ ttlMs: Number.POSITIVE_INFINITY });
      await store.storeEvent('a', 1);
      expect(jestApi.getTimerCount()).toBe(0);
    });
  });

  it('rejects invalid options', () => {
    store = new InMemoryEventStore();
    expect(() => new InMemoryEventStore({ maxEventsPerStream: 0 })).toThrow(RangeError);
    expect(() => new InMemoryEventStore({ maxEventsPerStream: 1.5 })).toThrow(RangeError);
    expect(() => new InMemoryEventStore({ ttlMs: 0 })).toThrow(RangeError);
  });
});
