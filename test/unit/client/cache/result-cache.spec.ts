import { InMemoryClientCache } from '../../../../lib/client/cache/in-memory-client-cache.js';
import { ResultCache } from '../../../../lib/client/cache/result-cache.js';

const list = (ttlMs: number, cacheScope = 'public', extra: object = {}) => ({
  resultType: 'complete',
  tools: [{ name: 't', inputSchema: { type: 'object' } }],
  ttlMs,
  cacheScope,
  ...extra,
});

/** A ResultCache over a shared store with a hand-driven clock; `fetches` counts server asks. */
function setup(
  options: { namespace?: string; partition?: string } = {},
  store = new InMemoryClientCache(),
) {
  let now = 1_000;
  const errors: Error[] = [];
  const cache = new ResultCache(
    { store, ...options },
    (e) => errors.push(e),
    () => now,
  );
  let fetches = 0;
  const ask = (method: string, params: unknown, answer: unknown, fresh?: boolean) =>
    cache.through(method, params, fresh, () => {
      fetches++;
      return Promise.resolve(structuredClone(answer));
    });
  return {
    cache,
    store,
    errors,
    ask,
    fetches: () => fetches,
    advance: (ms: number) => (now += ms),
  };
}

describe('ResultCache', () => {
  it('serves a fresh result without asking, and asks again once ttlMs passed', async () => {
    const { ask, fetches, advance } = setup();
    expect(await ask('tools/list', {}, list(1000))).toEqual(list(1000));
    expect(await ask('tools/list', { _meta: { x: 1 } }, list(1000))).toEqual(list(1000));
    expect(fetches()).toBe(1);
    advance(999);
    await ask('tools/list', undefined, list(1000));
    expect(fetches()).toBe(1);
    advance(1);
    await ask('tools/list', {}, list(1000));
    expect(fetches()).toBe(2);
  });

  it('keys pages by cursor and reads by uri; fresh skips the lookup but refreshes', async () => {
    const { ask, fetches } = setup();
    await ask('tools/list', {}, list(1000));
    await ask('tools/list', { cursor: 'p2' }, list(1000));
    await ask(
      'resources/read',
      { uri: 'a://1' },
      { contents: [], ttlMs: 1000, cacheScope: 'private' },
    );
    await ask(
      'resources/read',
      { uri: 'a://2' },
      { contents: [], ttlMs: 1000, cacheScope: 'private' },
    );
    expect(fetches()).toBe(4);
    await ask('tools/list', { cursor: 'p2' }, list(1000));
    await ask('resources/read', { uri: 'a://1' }, {});
    expect(fetches()).toBe(4);
    await ask('tools/list', {}, list(1000), true);
    expect(fetches()).toBe(5);
  });

  it('does not store ttlMs 0, a missing or invalid hint, input_required, or other methods', async () => {
    const { ask, fetches } = setup();
    for (const answer of [
      list(0),
      list(-5),
      { tools: [] },
      list(1000, 'shared'),
      list(1000, 'public', { resultType: 'input_required' }),
    ]) {
      await ask('tools/list', {}, answer);
      await ask('tools/list', {}, answer);
    }
    await ask('tools/call', { name: 'x' }, list(1000));
    await ask('tools/call', { name: 'x' }, list(1000));
    expect(fetches()).toBe(12);
  });

  it('list_changed and resources/updated notifications invalidate the matching entries only', async () => {
    const { cache, ask, fetches } = setup();
    const read = { contents: [], ttlMs: 1000, cacheScope: 'private' };
    await ask('tools/list', {}, list(1000));
    await ask('prompts/list', {}, { prompts: [], ttlMs: 1000, cacheScope: 'public' });
    await ask('resources/read', { uri: 'a://1' }, read);
    await ask('resources/read', { uri: 'a://2' }, read);
    cache.invalidateOn({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    cache.invalidateOn({
      jsonrpc: '2.0',
      method: 'notifications/resources/updated',
      params: { uri: 'a://1' },
    });
    await ask('tools/list', {}, list(1000));
    await ask('prompts/list', {}, {});
    await ask('resources/read', { uri: 'a://1' }, read);
    await ask('resources/read', { uri: 'a://2' }, read);
    expect(fetches()).toBe(4 + 2);
  });

  it('does not store a result fetched across an invalidation', async () => {
    const { cache, ask, fetches } = setup();
    await cache.through('tools/list', {}, false, async () => {
      cache.invalidateOn({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
      return list(1000);
    });
    await ask('tools/list', {}, list(1000));
    expect(fetches()).toBe(1);
  });

  it('shares public results across a namespace, private ones only within a partition', async () => {
    const store = new InMemoryClientCache();
    const alice = setup({ namespace: 'srv', partition: 'alice' }, store);
    const bob = setup({ namespace: 'srv', partition: 'bob' }, store);
    const alice2 = setup({ namespace: 'srv', partition: 'alice' }, store);
    const stranger = setup({}, store);
    await alice.ask('tools/list', {}, list(1000, 'public'));
    await alice.ask(
      'resources/read',
      { uri: 'me://x' },
      { contents: [], ttlMs: 1000, cacheScope: 'private' },
    );
    await bob.ask('tools/list', {}, list(1000));
    await bob.ask(
      'resources/read',
      { uri: 'me://x' },
      { contents: [], ttlMs: 1000, cacheScope: 'private' },
    );
    await alice2.ask('resources/read', { uri: 'me://x' }, {});
    await stranger.ask('tools/list', {}, list(1000));
    expect([bob.fetches(), alice2.fetches(), stranger.fetches()]).toEqual([1, 0, 1]);
  });

  it('hands out copies, so a caller changing a result does not change the cache', async () => {
    const { ask } = setup();
    const first = (await ask('tools/list', {}, list(1000))) as { tools: unknown[] };
    first.tools.length = 0;
    const second = (await ask('tools/list', {}, list(1000))) as { tools: unknown[] };
    expect(second.tools).toHaveLength(1);
  });

  it('asks the server when the store fails, and reports the failure', async () => {
    const broken = {
      get: () => Promise.reject(new Error('down')),
      set: () => {
        throw new Error('full');
      },
      deleteByPrefix: () => undefined,
    };
    const { ask, fetches, errors } = setup({}, broken as unknown as InMemoryClientCache);
    await ask('tools/list', {}, list(1000));
    await ask('tools/list', {}, list(1000));
    expect(fetches()).toBe(2);
    // Each lookup tries the private key, then the public one.
    expect(errors.map((e) => e.message)).toEqual(['down', 'down', 'full', 'down', 'down', 'full']);
  });

  it('cache: false never stores', async () => {
    let fetches = 0;
    const cache = new ResultCache(false, () => undefined);
    for (let i = 0; i < 2; i++)
      await cache.through('tools/list', {}, false, async () => (fetches++, list(1000)));
    expect(fetches).toBe(2);
  });
});

describe('InMemoryClientCache', () => {
  it('evicts the oldest entry when full', () => {
    const store = new InMemoryClientCache(2);
    const entry = { result: {}, expiresAt: 1, scope: 'public' as const };
    store.set('a', entry);
    store.set('b', entry);
    store.set('c', entry);
    expect([store.get('a'), store.size]).toEqual([undefined, 2]);
    store.deleteByPrefix('b');
    expect(store.size).toBe(1);
  });
});
