import { StoreUnavailableError } from '../../errors/store-unavailable.error.js';
import { loadIoredis, type RedisClass, type RedisClient } from './load-ioredis.js';
import {
  resolveRedisOptions,
  type McpRedisOptions,
  type ResolvedRedisOptions,
} from './redis-options.interface.js';

/** Reconnect delay after the n-th failed attempt: 100 ms growing to 2 s, forever. */
const retryStrategy = (attempt: number): number => Math.min(attempt * 100, 2000);

/** The URL without its password, for messages. */
function redactedUrl(url: string): string {
  return url.replace(/\/\/([^@/]*)@/, '//***@');
}

/**
 * The Redis connections of the MCP stores: one for commands (shared by the three stores), one
 * subscriber for the bus, and short-lived ones for blocking reads. Commands never queue while
 * Redis is unreachable: they fail at once with a {@link StoreUnavailableError}, and the clients
 * reconnect in the background (loss and recovery are logged once each).
 */
export class RedisConnection {
  private readonly extra = new Set<RedisClient>();
  private closed = false;

  private constructor(
    private readonly Redis: RedisClass,
    /** The command client. */
    readonly client: RedisClient,
    /** The options with defaults applied. */
    readonly options: ResolvedRedisOptions,
  ) {
    this.watch(client, 'commands');
  }

  /**
   * Connects (lazily loading `ioredis`).
   * @throws StoreUnavailableError naming the URL when Redis does not answer within `connectTimeoutMs`.
   */
  static async open(options: McpRedisOptions = {}): Promise<RedisConnection> {
    const resolved = resolveRedisOptions(options);
    const Redis = await loadIoredis();
    const client = new Redis(resolved.url, RedisConnection.clientOptions(resolved));
    client.on('error', () => undefined); // reported through the 'close'/'ready' watch
    try {
      await connectWithin(client, resolved.connectTimeoutMs);
    } catch (error) {
      client.disconnect();
      throw new StoreUnavailableError(
        `Cannot connect to Redis at ${redactedUrl(resolved.url)} (${describe(error)}): start Redis or fix the redis url`,
        { cause: error },
      );
    }
    return new RedisConnection(Redis, client, resolved);
  }

  private static clientOptions(options: ResolvedRedisOptions) {
    return {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: options.connectTimeoutMs,
      retryStrategy,
    };
  }

  /** `keyPrefix` + parts. */
  key(...parts: string[]): string {
    return this.options.keyPrefix + parts.join(':');
  }

  /**
   * A new client (the bus subscriber, a blocking reader), closed with this connection. Unlike the
   * command client it queues commands until connected, so subscriptions survive reconnects.
   */
  duplicate(role: string): RedisClient {
    const client = new this.Redis(this.options.url, {
      ...RedisConnection.clientOptions(this.options),
      lazyConnect: false,
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
    });
    client.on('error', () => undefined);
    this.watch(client, role);
    this.extra.add(client);
    return client;
  }

  /** Closes a client made by {@link duplicate}. */
  release(client: RedisClient): void {
    this.extra.delete(client);
    client.disconnect();
  }

  /** Runs a command, turning a connection failure into a {@link StoreUnavailableError}. */
  async run<T>(what: string, command: (client: RedisClient) => Promise<T>): Promise<T> {
    try {
      return await command(this.client);
    } catch (error) {
      throw new StoreUnavailableError(`Redis unavailable (${what}): ${describe(error)}`, {
        cause: error,
      });
    }
  }

  /** Closes every client. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const client of this.extra) client.disconnect();
    this.extra.clear();
    this.client.disconnect();
  }

  private watch(client: RedisClient, role: string): void {
    let lost = false;
    client.on('close', () => {
      if (lost || this.closed) return;
      lost = true;
      this.options.logger?.warn(
        `Redis connection (${role}) to ${redactedUrl(this.options.url)} lost; reconnecting`,
      );
    });
    client.on('ready', () => {
      if (!lost) return;
      lost = false;
      this.options.logger?.warn(`Redis connection (${role}) restored`);
    });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function connectWithin(client: RedisClient, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  const failed = new Promise<never>((_, reject) => client.once('error', reject));
  try {
    await Promise.race([client.connect(), timeout, failed]);
  } finally {
    clearTimeout(timer);
  }
}
