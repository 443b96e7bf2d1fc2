import type { RedisConnection } from './redis-connection.js';

/** One instance's entry in {@link RedisFingerprints}. */
export interface FingerprintEntry<T> {
  /** The instance's id. */
  readonly instance: string;
  /** What it published. */
  readonly value: T;
}

/**
 * Where the instances of one service (one key prefix) publish what they must agree on: a hash
 * `<prefix>fingerprints`, one field per instance holding its value and when it was written
 * (epoch ms). Each instance rewrites its field every `refreshMs`; a field older than three
 * refreshes (its instance is gone) is ignored and dropped by the next reader.
 * @throws StoreUnavailableError from every method while Redis cannot be reached.
 */
export class RedisFingerprints {
  constructor(
    private readonly redis: RedisConnection,
    /** How often each instance rewrites its entry (ms). */
    readonly refreshMs = 10_000,
  ) {}

  private get key(): string {
    return this.redis.keys.plain('fingerprints');
  }

  /** Writes (or refreshes) this instance's entry; the hash lives while anyone refreshes it. */
  async publish(instance: string, value: unknown): Promise<void> {
    const text = JSON.stringify({ at: Date.now(), value });
    await this.redis.run('fingerprint publish', async (c) => {
      await c.hset(this.key, instance, text);
      await c.pexpire(this.key, this.refreshMs * 3);
    });
  }

  /** The live entries of the other instances (stale ones dropped). */
  async others<T>(instance: string): Promise<FingerprintEntry<T>[]> {
    const all = await this.redis.run('fingerprint read', (c) => c.hgetall(this.key));
    const oldest = Date.now() - this.refreshMs * 3;
    const entries: FingerprintEntry<T>[] = [];
    const stale: string[] = [];
    for (const [id, text] of Object.entries(all)) {
      if (id === instance) continue;
      try {
        const { at, value } = JSON.parse(text) as { at: number; value: T };
        if (at >= oldest) entries.push({ instance: id, value });
        else stale.push(id);
      } catch {
        stale.push(id);
      }
    }
    if (stale.length > 0) {
      await this.redis.run('fingerprint read', (c) => c.hdel(this.key, ...stale));
    }
    return entries;
  }

  /** Removes this instance's entry (clean shutdown). */
  async withdraw(instance: string): Promise<void> {
    await this.redis.run('fingerprint withdraw', (c) => c.hdel(this.key, instance));
  }
}
