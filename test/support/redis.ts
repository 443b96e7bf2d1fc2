import { randomUUID } from 'node:crypto';
import type { McpRedisStores } from '../../lib/stores/redis/create-redis-stores.js';
import type { McpRedisOptions } from '../../lib/stores/redis/redis-options.interface.js';

/** The Redis the tests use: `REDIS_URL`, default `redis://127.0.0.1:6379`. */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Redis options with a key prefix of their own, so parallel runs never share keys. */
export function testRedisOptions(
  extra: McpRedisOptions = {},
): McpRedisOptions & { keyPrefix: string } {
  return { url: TEST_REDIS_URL, keyPrefix: `mcp-test:${randomUUID()}:`, ...extra };
}

/** A URL where nothing listens (connection refused at once). */
export const DEAD_REDIS_URL = 'redis://127.0.0.1:1';

/** Deletes every key under `prefix` (what a test run left behind). */
export async function deleteTestKeys(prefix: string): Promise<void> {
  const { RedisConnection } = await import('../../lib/stores/redis/redis-connection.js');
  const redis = await RedisConnection.open({ url: TEST_REDIS_URL, keyPrefix: prefix });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.close();
  }
}

/**
 * Redis stores on a key prefix of their own for the enclosing `describe` block: opened before its
 * tests, closed and their keys deleted after them. Returns a getter (the stores exist once the
 * block's `beforeAll` ran).
 */
export function useTestRedisStores(extra: McpRedisOptions = {}): () => McpRedisStores {
  let stores: McpRedisStores | undefined;
  beforeAll(async () => {
    const { createRedisStores } = await import('../../lib/stores/redis/create-redis-stores.js');
    stores = await createRedisStores(testRedisOptions(extra));
  });
  afterAll(async () => {
    if (stores === undefined) return;
    stores.close();
    await deleteTestKeys(stores.connection.options.keyPrefix);
  });
  return () => stores!;
}
