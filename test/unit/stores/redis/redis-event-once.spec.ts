import { useTestRedisStores } from '../../../support/redis.js';

/** The session log's write of a bus event that several instances deliver: kept once. */
describe('RedisEventStore.storeEventOnce (real Redis at REDIS_URL)', () => {
  const stores = useTestRedisStores({ eventTtlMs: 60_000 });

  it('stores a message once per key, in order with plain writes, and replays it once', async () => {
    const store = stores().eventStore;
    const first = await store.storeEvent('sess.get', null);
    const once = await Promise.all([
      store.storeEventOnce('sess.get', { n: 1 }, 'bus-1'),
      store.storeEventOnce('sess.get', { n: 1 }, 'bus-1'),
      store.storeEventOnce('sess.get', { n: 1 }, 'bus-1'),
    ]);
    expect(once.filter((id) => id !== undefined)).toHaveLength(1);
    await store.storeEvent('sess.get', { n: 2 });
    await store.storeEventOnce('sess.get', { n: 3 }, 'bus-2');
    expect(await store.storeEventOnce('sess.get', { n: 3 }, 'bus-2')).toBeUndefined();
    const replayed: unknown[] = [];
    await store.replayEventsAfter(first, (_id, message) => void replayed.push(message));
    expect(replayed).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('keys are per stream; a once-key of another stream does not hide a message', async () => {
    const store = stores().eventStore;
    expect(await store.storeEventOnce('s1.get', { n: 1 }, 'bus-x')).toMatch(/^s1\.get_\d+-\d+$/);
    expect(await store.storeEventOnce('s2.get', { n: 1 }, 'bus-x')).toMatch(/^s2\.get_\d+-\d+$/);
  });

  it('maps an event id to its stream, and a malformed one to undefined', () => {
    const store = stores().eventStore;
    expect(store.streamOf('abc.get_1700000000000-0')).toBe('abc.get');
    for (const id of ['garbage', 'abc.get_x', '_1-0', 'abc.get_1-0\n']) {
      expect(store.streamOf(id)).toBeUndefined();
    }
  });
});
