import type { SessionRecordWatch } from '../session-store.interface.js';
import type { RedisClient } from './load-ioredis.js';
import type { RedisConnection } from './redis-connection.js';

/** The channel Redis publishes client-side-caching invalidations on (RESP2 redirect). */
const INVALIDATE_CHANNEL = '__redis__:invalidate';
/** The name of the subscriber connection (`CLIENT LIST`: one per instance, for operators). */
export const TRACKING_CONNECTION_NAME = 'mcp-session-tracking';

/**
 * Redis client-side caching for the session records (`CLIENT TRACKING ... BCAST PREFIX
 * <prefix>session: NOLOOP` on the command connection, redirected to a RESP2 subscriber of its own,
 * named `mcp-session-tracking`): tells
 * when a record changed, so a live copy read or written here is trusted, without reading the record
 * again, until Redis reports a change of it (a write by another instance, a DELETE, an expiry, a
 * flush). `NOLOOP`: the writes of this instance (made on the command connection) are not reported
 * back to it, so its own state writes keep its copy trusted.
 *
 * Correctness never rests on an invalidation arriving: while either connection is down (or not yet
 * set up) nothing is trusted, every loss of either one drops all trust, and a read or write is
 * trusted only when no change of the record and no loss came between its start and its answer.
 * Setting up never delays startup: until it is done, every request reads its record.
 *
 * Not on a Redis Cluster (tracking is per node there): the store reads the record on every request.
 */
export class RedisSessionTracking implements SessionRecordWatch {
  /** One per connection: tracking is a setting of the command connection (one redirect). */
  private static readonly byConnection = new WeakMap<RedisConnection, RedisSessionTracking>();

  /** The tracking of `redis`'s command connection (set up on first use). */
  static of(redis: RedisConnection): RedisSessionTracking {
    let tracking = RedisSessionTracking.byConnection.get(redis);
    if (!tracking) {
      tracking = new RedisSessionTracking(redis);
      RedisSessionTracking.byConnection.set(redis, tracking);
    }
    return tracking;
  }

  /** Ids whose copies are trusted (a record read or written while tracking, unchanged since). */
  private readonly trustedIds = new Set<string>();
  /** Reads and writes under way: id → the token `begin` gave. */
  private readonly pending = new Map<string, number>();
  private readonly subscriber: RedisClient;
  private readonly recordPrefix: string;
  private sequence = 0;
  /** The sequence number of the last loss or flush: tokens at or before it are stale. */
  private flushedAt = 0;
  private active = false;
  /** Counts set-ups, so one overtaken by a loss does not switch tracking on. */
  private setups = 0;
  private closed = false;

  private constructor(private readonly redis: RedisConnection) {
    this.recordPrefix = redis.keys.session('');
    const commands = redis.client;
    // Not in the outage log: the records' restore after an outage must not wait for it.
    this.subscriber = redis.duplicate(
      'session tracking',
      {
        autoResubscribe: false,
        connectionName: TRACKING_CONNECTION_NAME,
        // RESP2: Redis sends a redirected invalidation as a `__redis__:invalidate` message then
        // (to a RESP3 client it pushes `invalidate`, which ioredis does not hand out).
        protocol: 2,
      },
      false,
    );
    this.subscriber.on('messageBuffer', (channel: Buffer | string, keys: unknown) => {
      if (String(channel) === INVALIDATE_CHANNEL) this.invalidated(keys);
    });
    for (const client of [commands, this.subscriber]) {
      client.on('close', () => this.lost());
      client.on('ready', () => this.setUp());
    }
    this.setUp();
  }

  /** {@inheritDoc SessionRecordWatch.begin} */
  begin(id: string): number | undefined {
    if (!this.active) return undefined;
    const token = ++this.sequence;
    this.pending.set(id, token);
    return token;
  }

  /** {@inheritDoc SessionRecordWatch.commit} */
  commit(id: string, token: number): boolean {
    const current = this.pending.get(id) === token;
    if (current) this.pending.delete(id);
    if (!current || !this.active || token <= this.flushedAt) return false;
    this.trustedIds.add(id);
    return true;
  }

  /** {@inheritDoc SessionRecordWatch.trusted} */
  trusted(id: string): boolean {
    return this.trustedIds.has(id);
  }

  /** {@inheritDoc SessionRecordWatch.forget} */
  forget(id: string): void {
    this.trustedIds.delete(id);
    this.pending.delete(id);
  }

  /** Stops (the connection closes; its clients go with it). */
  close(): void {
    this.closed = true;
    this.lost();
  }

  /** `keys`: the changed keys, or null when Redis flushed (or forgot) its tracking table. */
  private invalidated(keys: unknown): void {
    if (!Array.isArray(keys)) return this.flush();
    for (const key of keys) {
      const text = String(key);
      if (!text.startsWith(this.recordPrefix)) continue;
      const id = text.slice(this.recordPrefix.length);
      this.trustedIds.delete(id);
      this.pending.delete(id);
    }
  }

  private flush(): void {
    this.flushedAt = ++this.sequence;
    this.trustedIds.clear();
    this.pending.clear();
  }

  private lost(): void {
    this.active = false;
    this.setups++;
    this.flush();
  }

  /**
   * Once both connections are ready: the subscriber's id, its subscription, then tracking on the
   * command connection redirected to it (off first: a redirect to a previous subscriber is stale).
   * Fails quietly (trust stays off); the next `ready` of either connection tries again.
   */
  private setUp(): void {
    if (this.closed || this.redis.client.status !== 'ready') return;
    if (this.subscriber.status !== 'ready') return;
    const setup = ++this.setups;
    this.flush();
    void (async () => {
      const id = (await this.subscriber.client('ID')) as number;
      await this.subscriber.subscribe(INVALIDATE_CHANNEL);
      const commands = this.redis.client;
      await commands.call('CLIENT', 'TRACKING', 'off');
      await commands.call(
        ...['CLIENT', 'TRACKING', 'on', 'REDIRECT', String(id)],
        ...['BCAST', 'PREFIX', this.recordPrefix, 'NOLOOP'],
      );
      if (setup !== this.setups || this.closed) return;
      this.flush();
      this.active = true;
    })().catch((error: unknown) => {
      if (setup !== this.setups || this.closed) return;
      this.redis.options.logger?.warn(
        `Redis client tracking of the session records could not be set up (${(error as Error).message}); every request reads its session record`,
      );
    });
  }
}
