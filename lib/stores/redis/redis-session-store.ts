import type {
  EndedSession,
  SessionRecord,
  SessionRecordWatch,
  SessionStore,
} from '../session-store.interface.js';
import type { RedisConnection } from './redis-connection.js';
import { RedisLastRecords } from './redis-last-records.js';
import { RedisSessionExpiry } from './redis-session-expiry.js';
import { RedisSessionTracking } from './redis-session-tracking.js';

/** What stands in a session's key once a lost record ended the session (see `markEnded`). */
const ENDED_MARK = '"ended"';
/** How long the end mark an expiry sweep puts stays (as the one a request puts: one minute). */
const ENDED_MARK_TTL_MS = 60_000;

/**
 * {@link SessionStore} in Redis: one string key per session (`<prefix>session:<id>`) holding the
 * record as JSON, with a TTL (`PX`) that `set` and `touch` renew. A record that does not parse
 * is treated as absent (and logged), never thrown at a request. Expired records are found by the
 * expiry index ({@link RedisSessionExpiry}: `track`, `claimExpired`, `claimEnded`). Except on a
 * Redis Cluster, record changes are followed with client-side caching ({@link watch},
 * {@link RedisSessionTracking}); on a Cluster every request reads its record. A write is one
 * command: the last record follows within a second ({@link RedisLastRecords}).
 * @throws StoreUnavailableError from every method while Redis cannot be reached.
 */
export class RedisSessionStore implements SessionStore {
  private readonly expiry: RedisSessionExpiry;
  /** Client-side caching of the records (undefined on a Redis Cluster). */
  private readonly tracking?: RedisSessionTracking;
  private readonly lastRecords: RedisLastRecords;

  constructor(private readonly redis: RedisConnection) {
    this.expiry = new RedisSessionExpiry(redis, ENDED_MARK, ENDED_MARK_TTL_MS);
    this.lastRecords = new RedisLastRecords((record, text, ttlMs) =>
      this.expiry.keepLast(record, text, ttlMs),
    );
    if (!isCluster(redis)) {
      this.tracking = RedisSessionTracking.of(redis);
    } else {
      redis.options.logger?.debug?.(
        'Redis Cluster: session records are read on every request (client tracking of the records is per node, not set up on a Cluster)',
      );
    }
  }

  /** {@inheritDoc SessionStore.watch} */
  get watch(): SessionRecordWatch | undefined {
    return this.tracking;
  }

  /** True from a failed Redis command until one succeeds (a frozen or lost Redis). */
  get failing(): boolean {
    return this.redis.failing;
  }

  async get(id: string): Promise<SessionRecord | undefined> {
    return this.parse(id, await this.redis.run('session get', (c) => c.get(this.key(id))));
  }

  /**
   * `GETEX ... PX`: the record read and its life extended in ONE command (Redis 6.2+; one key:
   * valid on Redis Cluster). It ran as `MULTI`/`GET`/`PEXPIRE`/`EXEC` before, four commands per
   * request of a cluster session (issue 38).
   */
  async load(id: string, ttlMs: number): Promise<SessionRecord | undefined> {
    const key = this.key(id);
    const text = await this.redis.run('session load', (c) => c.getex(key, 'PX', ttlMs));
    return this.parse(id, text);
  }

  private parse(id: string, text: string | null): SessionRecord | undefined {
    if (text === null || text === ENDED_MARK) return undefined;
    try {
      const record = JSON.parse(text) as SessionRecord;
      if (record?.id === id && Array.isArray(record.subscriptions) && record.protocol)
        return record;
    } catch {
      // fall through
    }
    this.redis.options.logger?.warn(`Redis session record ${id} is malformed; ignored`);
    return undefined;
  }

  /**
   * `SET ... PX`; the same record is kept as the session's last (see {@link RedisSessionExpiry})
   * within a second ({@link RedisLastRecords}).
   */
  async set(record: SessionRecord, ttlMs: number): Promise<void> {
    const text = JSON.stringify(record);
    await this.redis.run('session set', (c) => c.set(this.key(record.id), text, 'PX', ttlMs));
    this.lastRecords.keep(record, text, ttlMs);
  }

  /** {@inheritDoc SessionStore.track} */
  track(id: string, ttlMs: number): Promise<void> {
    return this.expiry.track(id, ttlMs);
  }

  /** {@inheritDoc SessionStore.claimExpired} */
  claimExpired(): Promise<EndedSession[]> {
    return this.expiry.claimExpired();
  }

  /** {@inheritDoc SessionStore.claimEnded} */
  claimEnded(id: string): Promise<EndedSession | undefined> {
    return this.expiry.claim(id);
  }

  /** {@inheritDoc SessionStore.restore} (`SET ... PX ... NX`) */
  async restore(record: SessionRecord, ttlMs: number): Promise<boolean> {
    const text = JSON.stringify(record);
    const reply = await this.redis.run('session restore', (c) =>
      c.set(this.key(record.id), text, 'PX', ttlMs, 'NX'),
    );
    if (reply !== 'OK') return false;
    await this.expiry.keepLast(record, text, ttlMs);
    return true;
  }

  /** {@inheritDoc SessionStore.markEnded} (`SET ... NX`, then a read when the key was there) */
  async markEnded(id: string, ttlMs: number): Promise<boolean | 'marked'> {
    const key = this.key(id);
    const reply = await this.redis.run('session end', (c) =>
      c.set(key, ENDED_MARK, 'PX', ttlMs, 'NX'),
    );
    if (reply === 'OK') return 'marked';
    const text = await this.redis.run('session get', (c) => c.get(key));
    return text === null || text === ENDED_MARK;
  }

  async touch(id: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.run('session touch', (c) => c.pexpire(this.key(id), ttlMs))) === 1;
  }

  /** {@inheritDoc SessionStore.onRestored} */
  onRestored(listener: () => void): () => void {
    return this.redis.onRestored(listener);
  }

  /** PING on the command connection (health checks). */
  ping(): Promise<void> {
    return this.redis.ping();
  }

  /** Unlists the session first (no sweep claims it then), deletes its record and last record. */
  async delete(id: string): Promise<void> {
    this.lastRecords.cancel(id);
    await this.expiry.forget(id);
    await Promise.all([
      this.redis.run('session delete', (c) => c.del(this.key(id))),
      this.expiry.dropLast(id),
    ]);
  }

  private key(id: string): string {
    return this.redis.keys.session(id);
  }
}

/** True on a Redis Cluster (given as nodes, or as a Cluster client). */
function isCluster(redis: RedisConnection): boolean {
  return (redis.client as unknown as { isCluster?: boolean }).isCluster === true;
}
