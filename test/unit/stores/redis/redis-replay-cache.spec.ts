import { RedisConnection } from '../../../../lib/stores/redis/redis-connection.js';
import { RedisReplayCache } from '../../../../lib/stores/redis/redis-replay-cache.js';
import { StoreUnavailableError } from '../../../../lib/errors/store-unavailable.error.js';
import { DEAD_REDIS_URL, deleteTestKeys, testRedisOptions } from '../../../support/redis.js';

describe('RedisReplayCache', () => {
  const options = testRedisOptions();
  let connection: RedisConnection;
  let other: RedisConnection;
  beforeAll(async () => {
    connection = await RedisConnection.open(options);
    other = await RedisConnection.open(options);
  });
  afterAll(async () => {
    connection?.close();
    other?.close();
    await deleteTestKeys(options.keyPrefix);
  });

  it('claims a key once across connections (instances), with the given lifetime', async () => {
    const mine = new RedisReplayCache(connection, 'dpop');
    const theirs = new RedisReplayCache(other, 'dpop');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? mine : theirs).claim('jkt:jti-1', 60_000)),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
    const ttl = await connection.client.pttl(`${options.keyPrefix}dpop-once:jkt:jti-1`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(await mine.claim('jkt:jti-2', 60_000)).toBe(true);
  });

  it('rejects with StoreUnavailableError when Redis cannot be asked (never lets a proof pass)', async () => {
    const dead = await RedisConnection.open({ url: DEAD_REDIS_URL, connectTimeoutMs: 200 }).catch(
      (error: unknown) => error,
    );
    expect(dead).toBeInstanceOf(StoreUnavailableError); // refused at startup already
    const closed = await RedisConnection.open(testRedisOptions({ commandTimeoutMs: 200 }));
    closed.client.disconnect();
    await expect(new RedisReplayCache(closed, 'dpop').claim('k', 1000)).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    closed.close();
  });
});
