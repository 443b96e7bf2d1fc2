import { RateLimitedLog } from '../../engine/rate-limited-log.js';
import { StoreUnavailableError } from '../../errors/store-unavailable.error.js';
import type { McpBusEvent, MessageBus } from '../message-bus.interface.js';
import { parseBusEvent } from '../parse-bus-event.js';
import type { RedisClient } from './load-ioredis.js';
import type { RedisConnection } from './redis-connection.js';
import { STORE_UNAVAILABLE_MESSAGE } from '../../errors/store-unavailable.error.js';
import { RedisRegistrationStore } from './redis-registration-store.js';

/** The connections whose loss stops the bus: publishing (commands) or receiving (the subscriber). */
const BUS_ROLES = new Set(['commands', 'bus subscriber']);

/**
 * {@link MessageBus} on Redis pub/sub: every event is published as JSON on one channel
 * (`<prefix>bus`) that every instance of the service subscribes to, this one included (so each
 * event is delivered exactly once per instance, through Redis). A message that is not a
 * well-formed event is logged (rate-limited) and dropped; a failed publish is counted and logged
 * once per run of failures by the connection; `publish` never throws, {@link publishConfirmed}
 * rejects (the caller answers 503). The subscription is restored after a reconnect.
 */
export class RedisMessageBus implements MessageBus {
  readonly shared = true;
  /** Cluster-wide registrations, for instances started later (`<prefix>registrations`). */
  readonly registrations: RedisRegistrationStore;
  private readonly listeners = new Set<(event: McpBusEvent) => void>();
  private readonly channel: string;
  private readonly subscriber: RedisClient;
  private readonly log = new RateLimitedLog();
  /** The {@link onOutage} listeners, also told of a failed publish. */
  private readonly stalled = new Set<(error: Error) => void>();

  private constructor(private readonly redis: RedisConnection) {
    this.channel = redis.keys.bus();
    this.registrations = new RedisRegistrationStore(redis);
    this.subscriber = redis.duplicate('bus subscriber');
    this.subscriber.on('message', (channel: string, text: string) => {
      if (channel === this.channel) this.receive(text);
    });
  }

  /** Subscribes to the channel; resolves once Redis confirmed the subscription. */
  static async open(redis: RedisConnection): Promise<RedisMessageBus> {
    const bus = new RedisMessageBus(redis);
    await bus.subscriber.subscribe(bus.channel);
    return bus;
  }

  publish(event: McpBusEvent): Promise<void> {
    return this.publishConfirmed(event).catch(() => undefined);
  }

  /**
   * Publishes; rejects with the {@link StoreUnavailableError} of the failed command when Redis
   * did not take the event within `commandTimeoutMs`, at once while the connection is already
   * failing (logged once per run of failures by the connection). A failed publish also tells the {@link onOutage} listeners: answers relayed by
   * other instances cannot be counted on while this instance cannot publish.
   */
  async publishConfirmed(event: McpBusEvent): Promise<void> {
    const text = JSON.stringify(event);
    try {
      // While Redis does not answer, refused at once (not after another command timeout).
      if (this.redis.failing)
        throw this.redis.unavailable('bus publish', new Error('not answering'));
      await this.redis.run('bus publish', (c) => c.publish(this.channel, text));
    } catch (error) {
      this.redis.counters.count('publish-failed');
      for (const listener of this.stalled) listener(error as Error);
      throw error;
    }
    this.redis.counters.published();
  }

  subscribe(listener: (event: McpBusEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Calls `listener` each time the command or subscriber connection closes (the loss, then every
   * failed reconnect) and each time a publish fails (a frozen Redis: no connection closes), with
   * the generic {@link StoreUnavailableError} (the driver's text is in the log); returns the
   * unsubscribe function.
   */
  onOutage(listener: (error: Error) => void): () => void {
    this.stalled.add(listener);
    const stopLost = this.redis.onLost((role) => {
      if (BUS_ROLES.has(role)) listener(new StoreUnavailableError(STORE_UNAVAILABLE_MESSAGE));
    });
    return () => {
      this.stalled.delete(listener);
      stopLost();
    };
  }

  /** PING on the subscriber connection (allowed in subscribe mode): the health check of the bus. */
  async ping(): Promise<void> {
    await this.redis.run('bus ping', () => this.subscriber.ping());
  }

  private receive(text: string): void {
    this.redis.counters.count('relayed');
    const event = parseBusEvent(text);
    if (!event) {
      this.warn('malformed', () => `Redis bus: dropped a malformed message (${text.length} bytes)`);
      return;
    }
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.warn(
          'listener',
          () => `Redis bus: a listener failed on ${event.type}: ${String(error)}`,
        );
      }
    }
  }

  private warn(category: string, message: () => string): void {
    const logger = this.redis.options.logger;
    if (logger) this.log.log(category, (line) => logger.warn(line), message);
  }
}
