import { once } from 'node:events';
import { RedisConnection } from '../../../../lib/stores/redis/redis-connection.js';
import { testRedisOptions } from '../../../support/redis.js';

/** A released background client (a stream follower that ended) is no outage. */
describe('RedisConnection.release (real Redis at REDIS_URL)', () => {
  it('closing a released client neither starts an outage nor logs a loss', async () => {
    const lines: string[] = [];
    const logger = {
      log: () => undefined,
      error: (line: unknown) => void lines.push(String(line)),
      warn: (line: unknown) => void lines.push(String(line)),
      debug: () => undefined,
      verbose: () => undefined,
    };
    const redis = await RedisConnection.open({ ...testRedisOptions(), logger });
    try {
      const lost: string[] = [];
      redis.onLost((role) => lost.push(role));
      const reader = redis.duplicate('event follow');
      await once(reader, 'ready');
      const closed = once(reader, 'close');
      redis.release(reader);
      await closed;
      await new Promise((resolve) => setImmediate(resolve));
      expect(redis.outage).toBe(false);
      expect(lost).toEqual([]);
      expect(lines).toEqual([]);
    } finally {
      redis.close();
    }
  });
});
