import { randomUUID } from 'node:crypto';
import { Cluster, Redis } from 'ioredis';
import { redisAuthorizationStore } from '../../../lib/authorization-server/store/redis-authorization-store.js';
import type { RedisClient } from '../../../lib/stores/redis/load-ioredis.js';
import { authorizationStoreContract } from '../../support/authorization-store-contract.js';
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
  let prefix: string;
  authorizationStoreContract(
    async () => {
      ({ client, prefix } = await connect());
      return redisAuthorizationStore(client, { prefix });
    },
    async () => {
      expect(await client.pttl(`${prefix}RefreshToken:{r1}:consumed`)).toBeGreaterThan(0);
    },
  );
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
