import type { ClusterRegistrationRecord } from '../../../../lib/stores/registration-store.interface.js';
import { useTestRedisStores } from '../../../support/redis.js';

const record = (id: string, at: number): ClusterRegistrationRecord => ({
  id,
  factory: 'greeter',
  params: { name: id, nested: { list: [1, 'two'] } },
  at,
});

describe('RedisRegistrationStore (real Redis, the bus of createRedisStores)', () => {
  const warnings: string[] = [];
  const logger = { warn: (m: string) => warnings.push(m), error: () => undefined };
  const stores = useTestRedisStores({ logger });

  it('keeps records whole, lists them oldest first, deletes once', async () => {
    const store = stores().messageBus.registrations;
    await store.put(record('late', 30));
    await store.put(record('early', 10));
    await store.put(record('middle', 20));
    expect(await store.list()).toEqual([
      record('early', 10),
      record('middle', 20),
      record('late', 30),
    ]);
    expect(await store.delete('early')).toEqual(record('early', 10));
    expect(await store.delete('early')).toBeUndefined();
    expect((await store.list()).map((r) => r.id)).toEqual(['middle', 'late']);
  });

  it('skips (and logs) a field that is not a registration record', async () => {
    const key = stores().connection.key('registrations');
    await stores().connection.client.hset(key, 'bad', '{"id":"other"}');
    await stores().connection.client.hset(key, 'junk', 'not json');
    const ids = (await stores().messageBus.registrations.list()).map((r) => r.id);
    expect(ids).not.toContain('bad');
    expect(ids).not.toContain('junk');
    expect(warnings.filter((w) => /registration (bad|junk) is malformed/.test(w))).toHaveLength(2);
  });
});
