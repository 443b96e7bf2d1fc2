import { StoreUnavailableError } from '../../errors/store-unavailable.error.js';
import type { RedisClient } from './load-ioredis.js';
import type { RedisConnection } from './redis-connection.js';
import { STORE_UNAVAILABLE_MESSAGE } from '../../errors/store-unavailable.error.js';

/** How often a waiting {@link LogWatch} wakes without news, so its follower checks `stop()` (ms). */
export const WATCH_TICK_MS = 1000;

/** The role of the one subscriber connection in the outage log. */
const ROLE = 'event follow';

/**
 * One followed log's wake-ups (see {@link RedisLogWakeups.watch}): `next()` resolves `true` once
 * the log was appended to since the previous call, `false` at the next tick without news, and
 * rejects with a {@link StoreUnavailableError} once the subscriber connection was lost (the
 * follower stops; its client resumes with `Last-Event-ID`).
 */
export class LogWatch {
  private woken = false;
  private failure?: Error;
  private waiter?: { resolve: (woken: boolean) => void; reject: (error: Error) => void };

  constructor(
    /** The channel watched. */
    readonly channel: string,
    private readonly release: (watch: LogWatch) => void,
  ) {}

  /** Resolves `true` after an append since the last call, `false` at the next tick. */
  next(): Promise<boolean> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.woken) {
      this.woken = false;
      return Promise.resolve(true);
    }
    return new Promise((resolve, reject) => (this.waiter = { resolve, reject }));
  }

  /** Stops watching (the follower ended). */
  close(): void {
    this.release(this);
  }

  /** An append to the log was announced. */
  wake(): void {
    const waiter = this.waiter;
    if (!waiter) {
      this.woken = true;
      return;
    }
    this.waiter = undefined;
    waiter.resolve(true);
  }

  /** A tick: a waiting follower gets to check whether it should stop. */
  tick(): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.resolve(false);
  }

  /** The subscriber connection was lost: the follower fails. */
  fail(error: Error): void {
    this.failure = error;
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.reject(error);
  }
}

/**
 * The wake-ups of every log this instance follows, over ONE subscriber connection (instead of a
 * blocking connection per followed stream: issue 38). Each append to a log publishes its entry id
 * on the log's channel (`<prefix>events-wake:{<streamId>}`, in the same transaction or script as
 * the `XADD`); a follower subscribes to that channel, then reads the log with `XRANGE` on the
 * shared command connection after each wake-up, so order and resumption stay the log's. Classic
 * pub/sub reaches every node of a Redis Cluster, whatever the slot of the log.
 *
 * A wake-up sent while the subscriber is disconnected is lost, so when it closes every follower
 * fails (its stream is closed and the client resumes where it was), and while it is down new
 * follows are refused at once with a {@link StoreUnavailableError} (answered 503). The
 * subscriber is opened on the first follow and kept; the outage log reports its loss once.
 */
export class RedisLogWakeups {
  private subscriber?: RedisClient;
  /** Set while the subscriber is not ready (its first connect, or after a loss). */
  private down = true;
  /** Watches by channel. */
  private readonly watches = new Map<string, Set<LogWatch>>();
  /** Channels subscribed on the connection (ioredis subscribes them again after a reconnect). */
  private readonly subscribed = new Set<string>();
  private ticker?: NodeJS.Timeout;
  /** The first connect, while under way. */
  private opening?: Promise<RedisClient>;

  constructor(private readonly redis: RedisConnection) {}

  /** True when the subscriber connection was opened and is down now (the health check). */
  get failing(): boolean {
    return this.subscriber !== undefined && this.down;
  }

  /** Number of logs followed now (watched channels). */
  get followed(): number {
    return this.watches.size;
  }

  /**
   * Starts watching `channel`; resolves once the subscription is confirmed, so no append after
   * that is missed.
   * @throws StoreUnavailableError when the subscriber connection is down or does not answer
   *   within the command timeout.
   */
  async watch(channel: string): Promise<LogWatch> {
    const subscriber = await this.connected();
    const watch = new LogWatch(channel, (w) => this.release(w));
    let set = this.watches.get(channel);
    if (!set) this.watches.set(channel, (set = new Set()));
    set.add(watch);
    this.ticker ??= this.startTicker();
    if (!this.subscribed.has(channel)) {
      this.subscribed.add(channel);
      try {
        await this.within(subscriber.subscribe(channel));
      } catch (error) {
        this.subscribed.delete(channel);
        watch.close();
        throw this.redis.unavailable('event follow', error);
      }
    }
    return watch;
  }

  /** The subscriber once ready; refused at once while it is down after a loss. */
  private async connected(): Promise<RedisClient> {
    if (this.opening) return this.opening;
    if (this.subscriber) {
      if (this.down) throw this.redis.unavailable('event follow', new Error('subscriber down'));
      return this.subscriber;
    }
    const subscriber = this.redis.duplicate(ROLE);
    this.subscriber = subscriber;
    subscriber.on('message', (channel: string) => this.wake(channel));
    subscriber.on('ready', () => this.onReady());
    subscriber.on('close', () => this.lost());
    // Follows asked for while the first connect is under way wait for it too.
    this.opening = this.within(
      new Promise<void>((resolve, reject) => {
        if (subscriber.status === 'ready') return resolve();
        subscriber.once('ready', () => resolve());
        subscriber.once('error', reject);
      }),
    ).then(
      () => subscriber,
      (error: unknown) => {
        throw this.redis.unavailable('event follow', error);
      },
    );
    try {
      return await this.opening;
    } finally {
      this.opening = undefined;
    }
  }

  private onReady(): void {
    this.down = false;
    // ioredis subscribed again every channel of before the loss; those no follower needs go.
    const stale = [...this.subscribed].filter((channel) => !this.watches.has(channel));
    for (const channel of stale) this.subscribed.delete(channel);
    if (stale.length > 0) this.subscriber?.unsubscribe(...stale).catch(() => undefined);
  }

  /** The connection closed: what was published meanwhile is lost, so every follower fails. */
  private lost(): void {
    if (this.down && this.watches.size === 0) return;
    this.down = true;
    const error = new StoreUnavailableError(STORE_UNAVAILABLE_MESSAGE);
    const watches = [...this.watches.values()];
    this.watches.clear();
    for (const set of watches) for (const watch of set) watch.fail(error);
    this.stopTickerIfIdle();
  }

  private wake(channel: string): void {
    const set = this.watches.get(channel);
    if (set) for (const watch of set) watch.wake();
  }

  private release(watch: LogWatch): void {
    const set = this.watches.get(watch.channel);
    if (!set?.delete(watch) || set.size > 0) return;
    this.watches.delete(watch.channel);
    this.stopTickerIfIdle();
    if (this.down || !this.subscribed.delete(watch.channel)) return;
    this.subscriber?.unsubscribe(watch.channel).catch(() => undefined);
  }

  private startTicker(): NodeJS.Timeout {
    const ticker = setInterval(() => {
      for (const set of this.watches.values()) for (const watch of set) watch.tick();
    }, WATCH_TICK_MS);
    ticker.unref();
    return ticker;
  }

  private stopTickerIfIdle(): void {
    if (this.watches.size > 0 || !this.ticker) return;
    clearInterval(this.ticker);
    this.ticker = undefined;
  }

  /** `promise`, or a rejection after the command timeout. */
  private async within<T>(promise: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${this.redis.options.commandTimeoutMs} ms`)),
        this.redis.options.commandTimeoutMs,
      );
    });
    try {
      return await Promise.race([promise, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
