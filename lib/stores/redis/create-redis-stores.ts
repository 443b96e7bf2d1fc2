import { RedisConnection } from './redis-connection.js';
import { RedisEventStore } from './redis-event-store.js';
import { RedisLimitCounters } from './redis-limit-counters.js';
import { RedisMessageBus } from './redis-message-bus.js';
import type { McpRedisStats } from './redis-counters.js';
import type { McpRedisOptions } from './redis-options.interface.js';
import { RedisSessionStore } from './redis-session-store.js';
import { RedisTaskStore } from './redis-task-store.js';

/** The Redis-backed stores on one connection, and how to close it. */
export interface McpRedisStores {
  readonly connection: RedisConnection;
  readonly sessionStore: RedisSessionStore;
  readonly eventStore: RedisEventStore;
  readonly messageBus: RedisMessageBus;
  /** Task records shared by the instances (tasks polled, updated or cancelled on any of them). */
  readonly taskStore: RedisTaskStore;
  /** Counters of the limits, so every cap and rate limit counts the whole service. */
  readonly limitCounters: RedisLimitCounters;
  /** What the stores counted since they connected (bus traffic, failures, replays). */
  stats(): McpRedisStats;
  /** Closes every Redis connection of the stores. */
  close(): void;
}

/**
 * Connects to Redis and builds the session store, event store, message bus and task store on it
 * (what `McpModule.forRoot({ redis })` does). Each class can also be built alone on a
 * {@link RedisConnection}.
 * @throws StoreUnavailableError naming the URL when Redis cannot be reached at startup.
 * @throws Error with the install hint when the optional peer `ioredis` is missing.
 */
export async function createRedisStores(options: McpRedisOptions = {}): Promise<McpRedisStores> {
  const connection = await RedisConnection.open(options);
  try {
    const messageBus = await RedisMessageBus.open(connection);
    return {
      connection,
      sessionStore: new RedisSessionStore(connection),
      eventStore: new RedisEventStore(connection),
      messageBus,
      taskStore: new RedisTaskStore(connection),
      limitCounters: new RedisLimitCounters(connection),
      stats: () => connection.counters.snapshot(),
      close: () => connection.close(),
    };
  } catch (error) {
    connection.close();
    throw error;
  }
}
