import { RedisConnection } from '../../../lib/stores/redis/redis-connection.js';
import { RedisLimitCounters } from '../../../lib/index.js';
import { deleteTestKeys, testRedisOptions } from '../../support/redis.js';
import { bootDemo, type BootedDemo } from './support/boot-demo.js';
import { register } from './support/raw-oauth.js';

/**
 * Issue 38 row 6: the authorization server's registration budget holds for the whole service
 * when its instances share limit counters in Redis (two apps on their own ports, each with its
 * own Redis connection on one key prefix), not once per instance.
 */
describe('McpAuthorizationServerModule: rate limits shared by two instances', () => {
  const options = testRedisOptions();
  const connections: RedisConnection[] = [];
  const demos: BootedDemo[] = [];

  afterAll(async () => {
    await Promise.all(demos.map((demo) => demo.close()));
    for (const connection of connections) connection.close();
    await deleteTestKeys(options.keyPrefix);
  });

  const instance = async () => {
    const connection = await RedisConnection.open(options);
    connections.push(connection);
    const demo = await bootDemo('github', {
      rateLimits: { registration: { limit: 3, windowMs: 60_000 } },
      rateLimitCounters: new RedisLimitCounters(connection),
    });
    demos.push(demo);
    return demo;
  };

  it('refuses the fourth registration from one address, whichever instance takes it', async () => {
    const [a, b] = [await instance(), await instance()];
    const statuses = [];
    for (const demo of [a, b, a, b, a]) statuses.push((await register(demo.issuer)).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });
});
