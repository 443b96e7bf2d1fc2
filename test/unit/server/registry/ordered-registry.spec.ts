import { OrderedRegistry } from '../../../../lib/server/registry/ordered-registry.js';

interface Item {
  key: string;
  owner: string;
}

const jestApi = import.meta.jest;

function makeRegistry() {
  const describe = jestApi.fn((item: Item) => ({ name: item.key }));
  const registry = new OrderedRegistry<Item, { name: string }>('tool', describe);
  return { registry, describe };
}

describe('OrderedRegistry', () => {
  it('keeps insertion order and looks items up by key', () => {
    const { registry } = makeRegistry();
    registry.add({ key: 'b', owner: 'B' });
    registry.add({ key: 'a', owner: 'A' });
    registry.add({ key: 'c', owner: 'C' });
    expect(registry.size).toBe(3);
    expect(registry.get('a')).toEqual({ key: 'a', owner: 'A' });
    expect(registry.get('zz')).toBeUndefined();
    expect([...registry.values()].map((i) => i.key)).toEqual(['b', 'a', 'c']);
    expect(registry.list()).toEqual([{ name: 'b' }, { name: 'a' }, { name: 'c' }]);
  });

  it('rejects a duplicate key with an error naming both owners and the kind', () => {
    const { registry } = makeRegistry();
    registry.add({ key: 'search', owner: 'SearchTools#search' }, 'SearchTools#search');
    expect(() =>
      registry.add({ key: 'search', owner: 'OtherTools#find' }, 'OtherTools#find', (e) => e.owner),
    ).toThrow(
      'OtherTools#find: duplicate tool "search" (already registered by SearchTools#search)',
    );
    expect(registry.size).toBe(1);
    expect(registry.get('search')!.owner).toBe('SearchTools#search');
  });

  it('uses generic owner names when none are given', () => {
    const { registry } = makeRegistry();
    registry.add({ key: 'x', owner: '' });
    expect(() => registry.add({ key: 'x', owner: '' })).toThrow(
      'runtime registration: duplicate tool "x" (already registered by another registration)',
    );
  });

  it('caches list() until a change, then rebuilds it', () => {
    const { registry, describe } = makeRegistry();
    registry.add({ key: 'a', owner: '' });
    const first = registry.list();
    expect(registry.list()).toBe(first);
    expect(describe).toHaveBeenCalledTimes(1);

    registry.add({ key: 'b', owner: '' });
    const second = registry.list();
    expect(second).not.toBe(first);
    expect(second).toEqual([{ name: 'a' }, { name: 'b' }]);

    registry.remove('a');
    expect(registry.list()).toEqual([{ name: 'b' }]);
  });

  it('does not invalidate the cache on a failed add or a no-op remove', () => {
    const { registry } = makeRegistry();
    registry.add({ key: 'a', owner: '' });
    const first = registry.list();
    expect(() => registry.add({ key: 'a', owner: '' })).toThrow();
    expect(registry.remove('missing')).toBe(false);
    expect(registry.list()).toBe(first);
  });

  it('emits changes$ once per add and per effective remove', () => {
    const { registry } = makeRegistry();
    const events: number[] = [];
    const sub = registry.changes$.subscribe(() => events.push(registry.size));
    registry.add({ key: 'a', owner: '' });
    registry.add({ key: 'b', owner: '' });
    expect(() => registry.add({ key: 'a', owner: '' })).toThrow();
    expect(registry.remove('a')).toBe(true);
    expect(registry.remove('a')).toBe(false);
    sub.unsubscribe();
    expect(events).toEqual([1, 2, 1]);
  });
});
