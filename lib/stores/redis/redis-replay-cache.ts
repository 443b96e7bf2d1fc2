import type { McpReplayCache } from '../replay-cache.interface.js';
import type { RedisConnection } from './redis-connection.js';

/**
 * One-time ids shared by every instance on one Redis: `SET <prefix><kind>-once:<key> 1 NX PX
 * <ttl>` per claim (one command, one key: runs on a Redis Cluster too). A Redis that cannot be
 * reached rejects with `StoreUnavailableError` (the caller answers 503, never lets a proof pass).
 */
export class RedisReplayCache implements McpReplayCache {
  constructor(
    private readonly connection: RedisConnection,
    /** What the ids are (`'dpop'`), part of the key. */
    private readonly kind: string,
  ) {}

  async claim(key: string, ttlMs: number): Promise<boolean> {
    const redisKey = this.connection.key(`${this.kind}-once`, key);
    const ttl = Math.max(1, Math.ceil(ttlMs));
    const answer = await this.connection.run(`${this.kind} replay check`, (c) =>
      c.set(redisKey, '1', 'PX', ttl, 'NX'),
    );
    return answer === 'OK';
  }
}
