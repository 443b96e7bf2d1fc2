import type { McpLogger } from '../../engine/logger.interface.js';
import type { RedisClient } from './load-ioredis.js';

/**
 * Logs a Redis outage once and the recovery once, however many connections (commands,
 * subscriber, blocking readers) notice it and however often they retry: "lost" when the first
 * watched connection closes, "restored" when every watched connection is ready again.
 */
export class RedisOutageLog {
  private readonly down = new Map<RedisClient, string>();
  private readonly watched = new Map<RedisClient, { close: () => void; ready: () => void }>();
  private readonly restored = new Set<() => void>();
  private readonly lost = new Set<(role: string) => void>();
  private since: number | undefined;
  private closed = false;

  constructor(
    private readonly description: string,
    private readonly logger: McpLogger | undefined,
  ) {}

  /** True while some connection is down. */
  get outage(): boolean {
    return this.since !== undefined;
  }

  /** Follows one connection's `close` and `ready` events. */
  watch(client: RedisClient, role: string): void {
    const close = () => {
      if (this.closed) return;
      this.down.set(client, role);
      for (const listener of this.lost) listener(role);
      if (this.since !== undefined) return;
      this.since = Date.now();
      this.logger?.warn(
        `Redis connection to ${this.description} lost (${role}); requests that need it fail until it is back, reconnecting`,
      );
    };
    const ready = () => {
      this.down.delete(client);
      this.settle();
    };
    this.watched.set(client, { close, ready });
    client.on('close', close);
    client.on('ready', ready);
  }

  /**
   * Calls `listener` with the connection's role each time a watched connection closes (the first
   * loss of an outage and every failed reconnect attempt); returns the unsubscribe function.
   */
  onLost(listener: (role: string) => void): () => void {
    this.lost.add(listener);
    return () => this.lost.delete(listener);
  }

  /** Calls `listener` after each recovery; returns the unsubscribe function. */
  onRestored(listener: () => void): () => void {
    this.restored.add(listener);
    return () => this.restored.delete(listener);
  }

  /**
   * Stops following a released connection: its coming `close` (the release itself) is no loss,
   * and an outage it was part of ends once the others are back.
   */
  forget(client: RedisClient): void {
    const handlers = this.watched.get(client);
    if (handlers) {
      client.off('close', handlers.close);
      client.off('ready', handlers.ready);
      this.watched.delete(client);
    }
    this.down.delete(client);
    this.settle();
  }

  /** No more lines (the connection is closing). */
  close(): void {
    this.closed = true;
  }

  private settle(): void {
    if (this.since === undefined || this.down.size > 0 || this.closed) return;
    const seconds = ((Date.now() - this.since) / 1000).toFixed(1);
    this.since = undefined;
    this.logger?.warn(`Redis connection to ${this.description} restored after ${seconds} s`);
    for (const listener of this.restored) listener();
  }
}
