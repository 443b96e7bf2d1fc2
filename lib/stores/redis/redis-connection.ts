import type { RedisOptions } from 'ioredis';
import { StoreUnavailableError } from '../../errors/store-unavailable.error.js';
import { createRedisClient } from './redis-clients.js';
import { RedisCounters } from './redis-counters.js';
import { loadIoredis, type IoredisClasses, type RedisClient } from './load-ioredis.js';
import { RedisKeys } from './redis-keys.js';
import { StoreFailureLog } from '../store-failure-log.js';
import { RedisOutageLog } from './redis-outage-log.js';
import {
  resolveRedisOptions,
  type McpRedisOptions,
  type ResolvedRedisOptions,
} from './redis-options.interface.js';

/**
 * The Redis connections of the MCP stores: one for commands (shared by the stores), one
 * subscriber for the bus, and short-lived ones for blocking reads, all to the configured
 * deployment (a URL, a Cluster, Sentinel, or duplicates of a client of yours). A command that
 * fails (Redis refused, frozen past `commandTimeoutMs`, failed over) rejects with a
 * {@link StoreUnavailableError} carrying a generic message and a reference; the driver's text is
 * logged under that reference, once per run of failures (see {@link failing}). The clients
 * reconnect in the background; an outage and the recovery are logged once each, whatever the
 * number of connections.
 */
export class RedisConnection {
  private readonly extra = new Set<RedisClient>();
  private readonly failures: StoreFailureLog;
  private readonly outageLog: RedisOutageLog;
  /** The PING under way while {@link failing} (see {@link probe}). */
  private probing?: Promise<unknown>;
  private closed = false;
  /** The key layout of the stores (prefix and hash tags). */
  readonly keys: RedisKeys;
  /** What the stores counted since they connected. */
  readonly counters = new RedisCounters();

  private constructor(
    private readonly io: IoredisClasses,
    /** The command client. */
    readonly client: RedisClient,
    /** The options with defaults applied. */
    readonly options: ResolvedRedisOptions,
  ) {
    this.keys = new RedisKeys(options.keyPrefix);
    this.outageLog = new RedisOutageLog(options.description, options.logger);
    this.outageLog.watch(client, 'commands');
    this.failures = new StoreFailureLog('Redis', options.description, options.logger);
  }

  /**
   * Connects (lazily loading `ioredis`).
   * @throws StoreUnavailableError naming the deployment when it does not answer within `connectTimeoutMs`.
   */
  static async open(options: McpRedisOptions = {}): Promise<RedisConnection> {
    const resolved = resolveRedisOptions(options);
    const io = await loadIoredis();
    const client = createRedisClient(io, resolved, 'commands');
    client.on('error', () => undefined); // reported through the outage log
    try {
      await connectWithin(client, resolved.connectTimeoutMs);
    } catch (error) {
      client.disconnect();
      throw new StoreUnavailableError(
        `Cannot connect to Redis at ${resolved.description} (${describe(error)}): start Redis or fix the redis options`,
        { cause: error },
      );
    }
    return new RedisConnection(io, client, resolved);
  }

  /** True while a connection to Redis is lost (between the logged outage and the recovery). */
  get outage(): boolean {
    return this.outageLog.outage;
  }

  /** Calls `listener` after each recovery from a logged outage; returns the unsubscribe function. */
  onRestored(listener: () => void): () => void {
    return this.outageLog.onRestored(listener);
  }

  /**
   * Calls `listener` with the role of a connection (`commands`, `bus subscriber`, ...) each time it
   * closes, from the first loss of an outage through every failed reconnect; returns the
   * unsubscribe function.
   */
  onLost(listener: (role: string) => void): () => void {
    return this.outageLog.onLost(listener);
  }

  /** `keyPrefix` + parts joined by `:` (a key no script shares with another). */
  key(...parts: string[]): string {
    return this.keys.plain(...parts);
  }

  /**
   * A new client (the bus subscriber, a blocking reader), closed with this connection. Unlike the
   * command client it queues commands until connected and has no command timeout, so
   * subscriptions survive reconnects and blocking reads wait. `extra`: ioredis options of this
   * client only. `watched` false: the outage log neither reports its loss nor waits for it to
   * declare Redis restored (a helper connection whose loss the stores handle themselves).
   */
  duplicate(role: string, extra: Partial<RedisOptions> = {}, watched = true): RedisClient {
    const client = createRedisClient(this.io, this.options, 'background', extra);
    client.on('error', () => undefined);
    if (watched) this.outageLog.watch(client, role);
    this.extra.add(client);
    return client;
  }

  /** Closes a client made by {@link duplicate}. */
  release(client: RedisClient): void {
    this.extra.delete(client);
    this.outageLog.forget(client);
    client.disconnect();
  }

  /**
   * True from a failed command (Redis refused, frozen past `commandTimeoutMs`) until one succeeds:
   * what can go on without Redis (a stream's messages, unstored) does not wait for it meanwhile.
   * Reading it while failing starts one PING (see {@link probe}), so the state clears once Redis
   * answers again even when nothing else runs a command.
   */
  get failing(): boolean {
    if (this.failures.failing) this.probe();
    return this.failures.failing;
  }

  /**
   * Runs a command. Any failure becomes a {@link StoreUnavailableError} with a generic message
   * and `data.ref`; the driver's message is logged under that ref for the first failure of a run
   * (the recovery is logged with the count of the run), the others are counted.
   */
  async run<T>(what: string, command: (client: RedisClient) => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await command(this.client);
    } catch (error) {
      throw this.unavailable(what, error);
    }
    this.failures.answered();
    return result;
  }

  /** The generic error of a failed `what`, its detail logged under a fresh reference. */
  unavailable(what: string, error: unknown): StoreUnavailableError {
    this.counters.count('command-failed');
    return this.failures.unavailable(what, error);
  }

  /** One PING at a time while {@link failing}: its answer ends the run of failures. */
  private probe(): void {
    if (this.probing || this.closed) return;
    this.probing = this.run('ping', (c) => c.ping())
      .catch(() => undefined)
      .finally(() => (this.probing = undefined));
  }

  /** PING on the command connection (health checks). */
  async ping(): Promise<void> {
    await this.run('ping', (c) => c.ping());
  }

  /** Closes every client this connection opened (a client given in the options stays open). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.outageLog.close();
    for (const client of this.extra) client.disconnect();
    this.extra.clear();
    this.client.disconnect();
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
