import { InMemoryReplayCache } from '../../../lib/stores/in-memory-replay-cache.js';

describe('InMemoryReplayCache', () => {
  it('claims a key once until it expires', async () => {
    const cache = new InMemoryReplayCache();
    expect(await cache.claim('a', 60_000)).toBe(true);
    expect(await cache.claim('a', 60_000)).toBe(false);
    expect(await cache.claim('b', 60_000)).toBe(true);
    expect(await cache.claim('gone', -1)).toBe(true);
    expect(await cache.claim('gone', 60_000)).toBe(true); // the first had already expired
  });

  it('forgets the oldest keys beyond its capacity', async () => {
    const cache = new InMemoryReplayCache(2);
    for (const key of ['a', 'b', 'c']) await cache.claim(key, 60_000);
    expect(await cache.claim('a', 60_000)).toBe(true); // forgotten
    expect(await cache.claim('c', 60_000)).toBe(false);
  });
});
