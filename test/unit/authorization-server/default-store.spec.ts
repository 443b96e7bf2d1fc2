import { DefaultStore } from '../../../lib/authorization-server/store/default-store.js';
import { inMemoryAuthorizationStore } from '../../../lib/authorization-server/store/in-memory-authorization-store.js';

describe('DefaultStore', () => {
  it('forwards the adapters the engine kept to the store handed over later, once', async () => {
    const slot = new DefaultStore();
    const kept = slot.store('Grant'); // the engine caches its adapter per model
    await kept.upsert('before', { a: 1 }, 60);
    const shared = inMemoryAuthorizationStore();
    slot.replace(shared);
    expect(await kept.find('before')).toBeUndefined(); // the in-memory default is left behind
    await kept.upsert('g1', { a: 2 }, 60);
    expect(await shared('Grant').find('g1')).toEqual({ a: 2 });
    slot.replace(inMemoryAuthorizationStore()); // ignored
    expect(await kept.find('g1')).toEqual({ a: 2 });
    expect(await kept.consume('g1')).toBe(true);
  });
});
