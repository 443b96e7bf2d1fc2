import { randomUUID } from 'node:crypto';
import { Cluster, Redis } from 'ioredis';
import type { McpAuthorizationStore } from '../../../lib/authorization-server/store/authorization-store.interface.js';
import { redisAuthorizationStore } from '../../../lib/authorization-server/store/redis-authorization-store.js';
import type { RedisClient } from '../../../lib/stores/redis/load-ioredis.js';
import { deleteTestKeys, TEST_REDIS_URL } from '../../support/redis.js';
import {
  hasRedisServer,
  startRedisCluster,
  type RedisClusterTopology,
} from '../../support/redis-topology.js';

import.meta.jest.setTimeout(60_000);

/** The store's contract on one deployment (a single Redis, a sharded Cluster). */
function contract(connect: () => Promise<{ client: RedisClient; prefix: string }>) {
  let client: RedisClient;
  let store: McpAuthorizationStore;
  let prefix: string;
  beforeAll(async () => {
    const made = await connect();
    client = made.client;
    prefix = made.prefix;
    store = redisAuthorizationStore(client, { prefix });
  });

  it('consumes a record once: of 20 concurrent calls exactly one is true', async () => {
    const codes = store('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1', scope: 'a' }, 60);
    const answers = await Promise.all(Array.from({ length: 20 }, () => codes.consume('c1')));
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await codes.find('c1')).toEqual({
      grantId: 'g1',
      scope: 'a',
      consumed: expect.any(Number),
    });
    expect(await codes.consume('c1')).toBe(false);
    expect(await codes.consume('absent')).toBe(false);
  });

  it('gives the consumed mark the record expiry, and a replaced record starts unconsumed', async () => {
    const tokens = store('RefreshToken');
    await tokens.upsert('r1', { grantId: 'g2', empty: [] }, 60);
    expect(await tokens.consume('r1')).toBe(true);
    expect(await client.pttl(`${prefix}RefreshToken:{r1}:consumed`)).toBeGreaterThan(0);
    await tokens.upsert('r1', { grantId: 'g2', empty: [] }, 60);
    expect(await tokens.find('r1')).toEqual({ grantId: 'g2', empty: [] }); // JSON kept as written
    expect(await tokens.consume('r1')).toBe(true);
  });

  it('destroys records and revokes every record of a grant in that model', async () => {
    const tokens = store('RefreshToken');
    await tokens.upsert('a', { grantId: 'g3' }, 60);
    await tokens.upsert('b', { grantId: 'g3' }, 60);
    await tokens.upsert('c', { grantId: 'g4' }, 60);
    await tokens.consume('a');
    await tokens.revokeByGrantId('g3');
    expect(await tokens.find('a')).toBeUndefined();
    expect(await tokens.consume('a')).toBe(false);
    expect(await tokens.find('b')).toBeUndefined();
    expect(await tokens.find('c')).toEqual({ grantId: 'g4' });
    await tokens.destroy('c');
    expect(await tokens.find('c')).toBeUndefined();
  });

  it('finds sessions by uid', async () => {
    await store('Session').upsert('s1', { uid: 'u1', accountId: 'github:1' }, 60);
    expect(await store('Session').findByUid('u1')).toEqual({ uid: 'u1', accountId: 'github:1' });
  });
}

describe('redisAuthorizationStore on a single Redis', () => {
  const prefix = `mcp-test:${randomUUID()}:as:`;
  let redis: Redis;
  afterAll(async () => {
    redis?.disconnect();
    await deleteTestKeys(prefix);
  });
  contract(() => {
    redis = new Redis(TEST_REDIS_URL);
    return Promise.resolve({ client: redis, prefix });
  });

  it('refuses a prefix with braces (it would break the hash tags)', () => {
    expect(() => redisAuthorizationStore(redis, { prefix: 'a{b}:' })).toThrow(/prefix/);
  });
});

(hasRedisServer ? describe : describe.skip)(
  'redisAuthorizationStore on a sharded Redis Cluster',
  () => {
    let topology: RedisClusterTopology;
    let cluster: Cluster;
    afterAll(async () => {
      cluster?.disconnect();
      await topology?.stop();
    });
    contract(async () => {
      topology = await startRedisCluster();
      cluster = new Cluster(
        topology.nodes.map((n) => ({ host: n.split(':')[0], port: Number(n.split(':')[1]) })),
      );
      return { client: cluster as unknown as RedisClient, prefix: 'mcp:as:' };
    });
  },
);
