import { Logger, type Provider } from '@nestjs/common';
import type { EventStore } from '../stores/event-store.interface.js';
import { InMemoryEventStore } from '../stores/in-memory-event-store.js';
import { InMemoryMessageBus } from '../stores/in-memory-message-bus.js';
import { InMemorySessionStore } from '../stores/in-memory-session-store.js';
import type { MessageBus } from '../stores/message-bus.interface.js';
import type { SessionStore } from '../stores/session-store.interface.js';
import { InMemoryTaskStore } from '../stores/in-memory-task-store.js';
import type { TaskStore } from '../stores/task-store.interface.js';
import { createRedisStores, type McpRedisStores } from '../stores/redis/create-redis-stores.js';
import type { McpModuleOptions } from './mcp-module-options.interface.js';
import { MCP_MODULE_OPTIONS } from './mcp.module-definition.js';
import { MCP_REDIS_STORES } from './mcp-redis-stores.token.js';

/** Injection token of the {@link EventStore} (SSE resumability) that `McpModule` uses. */
export const EVENT_STORE = Symbol.for('nestjs-mcp:EventStore');
/** Injection token of the {@link SessionStore} (session records) that `McpModule` uses. */
export const SESSION_STORE = Symbol.for('nestjs-mcp:SessionStore');
/** Injection token of the {@link MessageBus} (server-wide notifications) that `McpModule` uses. */
export const MESSAGE_BUS = Symbol.for('nestjs-mcp:MessageBus');
/** Injection token of the {@link TaskStore} (records of tools running as tasks) that `McpModule` uses. */
export const TASK_STORE = Symbol.for('nestjs-mcp:TaskStore');

export { MCP_REDIS_STORES };

/** Connects the Redis stores of the `redis` option (none without it). */
async function redisStoresOf(options: McpModuleOptions): Promise<McpRedisStores | undefined> {
  if (options.redis === undefined) return undefined;
  const redis = typeof options.redis === 'string' ? { url: options.redis } : options.redis;
  const logger = new Logger('McpRedis');
  const stores = await createRedisStores({ logger, ...redis });
  // One line that says this instance joined a shared service, and which (never a password).
  const { description, keyPrefix } = stores.connection.options;
  logger.log(
    `Sessions, streams, tasks and notifications shared through Redis at ${description} (key prefix ${keyPrefix})`,
  );
  return stores;
}

/**
 * The stores of an MCP server, each the one given in the module options, else the Redis
 * one of the `redis` option, else an in-memory default. They are exported by `McpModule`, so an
 * app can inject them (e.g. to inspect sessions) under these tokens.
 */
export const mcpStoreProviders: Provider[] = [
  { provide: MCP_REDIS_STORES, inject: [MCP_MODULE_OPTIONS], useFactory: redisStoresOf },
  {
    provide: EVENT_STORE,
    inject: [MCP_MODULE_OPTIONS, MCP_REDIS_STORES],
    useFactory: (options: McpModuleOptions, redis?: McpRedisStores): EventStore =>
      options.eventStore ?? redis?.eventStore ?? new InMemoryEventStore(),
  },
  {
    provide: SESSION_STORE,
    inject: [MCP_MODULE_OPTIONS, MCP_REDIS_STORES],
    useFactory: (options: McpModuleOptions, redis?: McpRedisStores): SessionStore =>
      options.sessionStore ?? redis?.sessionStore ?? new InMemorySessionStore(),
  },
  {
    provide: MESSAGE_BUS,
    inject: [MCP_MODULE_OPTIONS, MCP_REDIS_STORES],
    useFactory: (options: McpModuleOptions, redis?: McpRedisStores): MessageBus =>
      options.messageBus ?? redis?.messageBus ?? new InMemoryMessageBus(),
  },
  {
    provide: TASK_STORE,
    inject: [MCP_MODULE_OPTIONS, MCP_REDIS_STORES],
    useFactory: (options: McpModuleOptions, redis?: McpRedisStores): TaskStore =>
      options.tasks?.store ?? redis?.taskStore ?? new InMemoryTaskStore(),
  },
];
