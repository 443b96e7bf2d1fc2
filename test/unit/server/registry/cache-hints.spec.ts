import { listCacheHint, NO_CACHE } from '../../../../lib/server/registry/cache-hints.js';

const PUBLIC_60 = { ttlMs: 60_000, cacheScope: 'public' } as const;

describe('listCacheHint', () => {
  it('gives an empty list the fallback', () => {
    expect(listCacheHint([], PUBLIC_60)).toEqual(PUBLIC_60);
    expect(listCacheHint([], NO_CACHE)).toEqual(NO_CACHE);
  });

  it('takes the shortest ttl of the items, an item without a hint contributing the fallback', () => {
    const items = [{ cache: { ttlMs: 5_000, cacheScope: 'public' as const } }, {}];
    expect(listCacheHint(items, PUBLIC_60)).toEqual({ ttlMs: 5_000, cacheScope: 'public' });
    expect(listCacheHint([{}, { cache: PUBLIC_60 }], NO_CACHE)).toEqual(NO_CACHE);
  });

  it('is private when any item is private or shown per caller', () => {
    const privateItem = { cache: { ttlMs: 90_000, cacheScope: 'private' as const } };
    expect(listCacheHint([{ cache: PUBLIC_60 }, privateItem], PUBLIC_60)).toEqual({
      ttlMs: 60_000,
      cacheScope: 'private',
    });
    const perCaller = { cache: PUBLIC_60, visible: () => true };
    expect(listCacheHint([perCaller], PUBLIC_60)).toEqual({
      ttlMs: 60_000,
      cacheScope: 'private',
    });
  });
});
