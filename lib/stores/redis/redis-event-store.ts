import type { FollowEnd, SharedEventStore, StreamInfo } from '../event-store.interface.js';
import type { RedisConnection } from './redis-connection.js';
import { ONCE_WINDOW_MS, STORE_EVENT_ONCE } from './redis-event-scripts.js';
import { RedisLogWakeups } from './redis-log-wakeups.js';

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;
const ENTRY_ID = /^\d+-\d+$/;
/** Entries read per round trip while replaying or following. */
const BATCH = 200;

type Entry = [id: string, fields: string[]];
type Send = (eventId: string, message: unknown) => void | Promise<void>;

/**
 * {@link SharedEventStore} on Redis Streams: one stream per SSE stream
 * (`<prefix>events:{<streamId>}`), appended with `XADD ... MAXLEN ~ maxEventsPerStream` and expiring
 * `eventTtlMs` after its last write. Event ids are `<streamId>_<entry id>`, so any instance maps a
 * `Last-Event-ID` back to its stream. Entries carry a message (`d`), the stream's info (`i`) or
 * its end mark (`e`); replay sends messages only. `storeEventOnce` remembers its once-keys a
 * minute in `<prefix>events-once:{<streamId>}` (a sorted set expiring with the stream; both keys share the
 * stream id as their hash tag, so the script runs on a sharded Redis Cluster).
 *
 * Every append also publishes the new entry id on the stream's wake-up channel
 * (`<prefix>events-wake:{<streamId>}`); {@link follow} waits for those on the instance's one
 * subscriber connection ({@link RedisLogWakeups}) and reads with `XRANGE` on the command
 * connection, so any number of followed streams costs two connections per instance.
 * @throws StoreUnavailableError from every method while Redis cannot be reached.
 */
export class RedisEventStore implements SharedEventStore {
  /** The wake-ups of the streams followed here (one subscriber connection, opened on first use). */
  private readonly wakeups: RedisLogWakeups;

  constructor(private readonly redis: RedisConnection) {
    this.wakeups = new RedisLogWakeups(redis);
  }

  /** True from a failed Redis command until one succeeds (a frozen or lost Redis). */
  get failing(): boolean {
    return this.redis.failing;
  }

  async storeEvent(streamId: string, message: unknown): Promise<string> {
    if (!VISIBLE_ASCII.test(streamId)) {
      throw new TypeError('streamId must be a non-empty string of visible ASCII characters');
    }
    const entry = await this.append(streamId, 'd', JSON.stringify(message ?? null));
    return `${streamId}_${entry}`;
  }

  async storeEventOnce(
    streamId: string,
    message: unknown,
    onceKey: string,
  ): Promise<string | undefined> {
    if (!VISIBLE_ASCII.test(streamId)) {
      throw new TypeError('streamId must be a non-empty string of visible ASCII characters');
    }
    const { maxEventsPerStream, eventTtlMs } = this.redis.options;
    const entry = (await this.redis.run('event store', (c) =>
      c.eval(
        STORE_EVENT_ONCE,
        2,
        this.key(streamId),
        this.redis.keys.eventsOnce(streamId),
        this.redis.keys.eventsWake(streamId),
        onceKey,
        String(Date.now()),
        String(ONCE_WINDOW_MS),
        String(maxEventsPerStream),
        String(eventTtlMs),
        JSON.stringify(message ?? null),
      ),
    )) as string | null;
    return typeof entry === 'string' ? `${streamId}_${entry}` : undefined;
  }

  streamOf(eventId: string): string | undefined {
    return parseEventId(eventId)?.streamId;
  }

  async replayEventsAfter(lastEventId: string, send: Send): Promise<string | undefined> {
    const parsed = parseEventId(lastEventId);
    if (!parsed) return undefined;
    const key = this.key(parsed.streamId);
    const exists = await this.redis.run('event replay', (c) => c.exists(key));
    if (exists !== 1) return undefined;
    this.redis.counters.count('replay');
    let after = parsed.entry;
    for (;;) {
      const entries = (await this.redis.run('event replay', (c) =>
        c.xrange(key, `(${after}`, '+', 'COUNT', BATCH),
      )) as Entry[];
      for (const entry of entries) await sendEntry(parsed.streamId, entry, send);
      if (entries.length < BATCH) return parsed.streamId;
      after = entries[entries.length - 1][0];
    }
  }

  /**
   * PING on the command connection (health checks); also fails while the connection that follows
   * streams is down (new streams are refused then).
   */
  async ping(): Promise<void> {
    await this.redis.ping();
    if (this.wakeups.failing) {
      throw this.redis.unavailable(
        'event follow',
        new Error('the stream follower connection is down'),
      );
    }
  }

  async deleteStream(streamId: string): Promise<void> {
    await this.redis.run('event delete', (c) => c.del(this.key(streamId)));
  }

  async describeStream(streamId: string, info: StreamInfo): Promise<void> {
    await this.append(streamId, 'i', JSON.stringify(info));
  }

  async endStream(streamId: string): Promise<void> {
    await this.append(streamId, 'e', '1');
  }

  async streamInfo(streamId: string): Promise<StreamInfo | undefined> {
    const key = this.key(streamId);
    const entries = (await this.redis.run('event info', (c) =>
      c.xrange(key, '-', '+', 'COUNT', 3),
    )) as Entry[];
    for (const [, fields] of entries) {
      if (fields[0] !== 'i') continue;
      try {
        return JSON.parse(fields[1]) as StreamInfo;
      } catch {
        return undefined;
      }
    }
    return undefined;
  }

  async follow(
    lastEventId: string,
    send: Send,
    stop: () => boolean,
    ready?: () => void,
  ): Promise<FollowEnd> {
    const parsed = parseEventId(lastEventId);
    if (!parsed) return 'stopped';
    const key = this.key(parsed.streamId);
    // Subscribed before the first read: no append after that read goes unnoticed.
    const watch = await this.wakeups.watch(this.redis.keys.eventsWake(parsed.streamId));
    try {
      ready?.();
      let after = parsed.entry;
      for (;;) {
        if (stop()) return 'stopped';
        const entries = (await this.redis.run('event follow', (c) =>
          c.xrange(key, `(${after}`, '+', 'COUNT', BATCH),
        )) as Entry[];
        for (const entry of entries) {
          if (entry[1][0] === 'e') return 'ended';
          await sendEntry(parsed.streamId, entry, send);
          after = entry[0];
        }
        if (entries.length === BATCH) continue;
        // Until the next append (or a tick, to check stop()); rejects when the subscriber is lost.
        while (!(await watch.next())) if (stop()) return 'stopped';
      }
    } finally {
      watch.close();
    }
  }

  private async append(streamId: string, field: string, value: string): Promise<string> {
    const key = this.key(streamId);
    const { maxEventsPerStream, eventTtlMs } = this.redis.options;
    const results = await this.redis.run('event store', (c) =>
      c
        .multi()
        .xadd(key, 'MAXLEN', '~', maxEventsPerStream, '*', field, value)
        .pexpire(key, eventTtlMs)
        .publish(this.redis.keys.eventsWake(streamId), field)
        .exec(),
    );
    const [error, id] = results?.[0] ?? [new Error('no reply'), null];
    if (error || typeof id !== 'string') throw error ?? new Error('XADD returned no id');
    return id;
  }

  private key(streamId: string): string {
    return this.redis.keys.events(streamId);
  }
}

async function sendEntry(streamId: string, [id, fields]: Entry, send: Send): Promise<void> {
  if (fields[0] !== 'd') return;
  await send(`${streamId}_${id}`, JSON.parse(fields[1]) as unknown);
}

/** Splits `<streamId>_<entry id>` at its last `_`; undefined when malformed. */
function parseEventId(eventId: string): { streamId: string; entry: string } | undefined {
  const cut = eventId.lastIndexOf('_');
  if (cut <= 0) return undefined;
  const entry = eventId.slice(cut + 1);
  const streamId = eventId.slice(0, cut);
  return ENTRY_ID.test(entry) && VISIBLE_ASCII.test(streamId) ? { streamId, entry } : undefined;
}
