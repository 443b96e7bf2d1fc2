import { DocumentFetchGate } from '../../../lib/authorization-server/document-fetch-gate.js';
import { RedisConnection } from '../../../lib/stores/redis/redis-connection.js';
import { RedisLimitCounters } from '../../../lib/stores/redis/redis-limit-counters.js';
import { deleteTestKeys, testRedisOptions } from '../../support/redis.js';

describe('DocumentFetchGate (metadata document fetch budgets)', () => {
  const URL_A = 'https://client.example/a.json';

  it('admits up to the per-address budget, then refuses that address only', async () => {
    const gate = new DocumentFetchGate({ perAddress: { limit: 2, windowMs: 1000 } });
    const admitted = [];
    for (const i of [0, 1, 2]) admitted.push(await gate.admit(`${URL_A}?${i}`, '10.0.0.1', 0));
    expect(admitted).toEqual([true, true, false]);
    expect(await gate.admit(URL_A, '10.0.0.2', 0)).toBe(true);
    expect(await gate.admit(URL_A, '10.0.0.1', 1000)).toBe(true); // a new window
  });

  it('refuses past the total budget, whatever the address', async () => {
    const gate = new DocumentFetchGate({ total: { limit: 3, windowMs: 1000 } });
    const admitted = [];
    for (const i of [1, 2, 3, 4, 5]) {
      admitted.push(await gate.admit(`${URL_A}?${i}`, `10.0.0.${i}`, 0));
    }
    expect(admitted).toEqual([true, true, true, false, false]);
  });

  it('counts both budgets for the whole service with shared counters (two instances, real Redis)', async () => {
    const options = testRedisOptions(); // one key prefix: one service
    const connections = await Promise.all([0, 1].map(() => RedisConnection.open(options)));
    try {
      const limits = {
        perAddress: { limit: 2, windowMs: 60_000 },
        total: { limit: 3, windowMs: 60_000 },
      };
      const [here, there] = connections.map((redis) => {
        const gate = new DocumentFetchGate(limits);
        gate.useCounters(new RedisLimitCounters(redis));
        return gate;
      }) as [DocumentFetchGate, DocumentFetchGate];
      expect(await here.admit(`${URL_A}?1`, '10.0.0.1')).toBe(true);
      expect(await there.admit(`${URL_A}?2`, '10.0.0.1')).toBe(true);
      expect(await here.admit(`${URL_A}?3`, '10.0.0.1')).toBe(false); // the address's budget
      expect(await there.admit(`${URL_A}?4`, '10.0.0.2')).toBe(true);
      expect(await here.admit(`${URL_A}?5`, '10.0.0.3')).toBe(false); // the service's budget
    } finally {
      for (const redis of connections) redis.close();
      await deleteTestKeys(connections[0]!.options.keyPrefix);
    }
  });

  it('does not admit a failed document until its failure is forgotten', async () => {
    const gate = new DocumentFetchGate({ failureTtlMs: 500 });
    gate.failed(URL_A, 0);
    expect(await gate.admit(URL_A, '10.0.0.1', 499)).toBe(false);
    expect(await gate.admit(URL_A, '10.0.0.1', 500)).toBe(true);
  });

  it('tells the document fetch it admitted from any other fetch, once', () => {
    const gate = new DocumentFetchGate();
    gate.fetching(URL_A);
    expect(gate.isDocumentFetch('https://client.example/jwks')).toBe(false);
    expect(gate.isDocumentFetch(URL_A)).toBe(true);
    expect(gate.isDocumentFetch(URL_A)).toBe(false);
  });
});
