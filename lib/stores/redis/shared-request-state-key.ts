import { randomBytes } from 'node:crypto';
import type { RedisConnection } from './redis-connection.js';

/**
 * The `requestState` sealing key every instance on this Redis (and key prefix) shares: the first
 * instance stores a random 32-byte key (`SET NX`, no expiry), the others read it. Used when
 * `requestState.keys` is not configured, so a 2026-07-28 input round started on one instance
 * completes on any other. A Redis that loses its data yields a new key: rounds in progress then
 * fail with -32602 and the client starts the call again.
 */
export async function sharedRequestStateKey(redis: RedisConnection): Promise<string> {
  const key = redis.key('request-state-key');
  const candidate = randomBytes(32).toString('base64');
  const stored = await redis.run('request-state key', async (c) => {
    await c.set(key, candidate, 'NX');
    return c.get(key);
  });
  return stored ?? candidate;
}
