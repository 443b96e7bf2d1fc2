/**
 * The stores part of the public surface (the pluggable seams with their in-memory defaults, and
 * the Redis stores), re-exported by `lib/index.ts`. Named exports only: what is not listed here is
 * internal.
 */
// ── Stores (pluggable seams with in-memory defaults) ─────────────────────────────────────────
export type { EventStore } from './event-store.interface.js';
export { InMemoryEventStore } from './in-memory-event-store.js';
export type {
  SessionStore,
  SessionRecord,
  EndedSession,
  SessionRecordWatch,
} from './session-store.interface.js';
export { InMemorySessionStore } from './in-memory-session-store.js';
export type {
  MessageBus,
  McpBusEvent,
  McpBroadcastAudience,
  McpBroadcastMessage,
  McpServerEvent,
  McpClusterEvent,
} from './message-bus.interface.js';
export { InMemoryMessageBus } from './in-memory-message-bus.js';
export type {
  RegistrationStore,
  ClusterRegistrationRecord,
} from './registration-store.interface.js';
export type { SharedEventStore, StreamInfo, FollowEnd } from './event-store.interface.js';
export type {
  LimitCounters,
  LimitSet,
  WindowCounters,
  WindowHit,
} from './limit-counters.interface.js';
export { parseBusEvent } from './parse-bus-event.js';

// ── Redis stores (several instances behind a load balancer; optional peer `ioredis`) ─────────
export { createRedisStores, type McpRedisStores } from './redis/create-redis-stores.js';
export { RedisConnection } from './redis/redis-connection.js';
export { RedisSessionStore } from './redis/redis-session-store.js';
export { RedisRegistrationStore } from './redis/redis-registration-store.js';
export { RedisEventStore } from './redis/redis-event-store.js';
export { RedisMessageBus } from './redis/redis-message-bus.js';
export { RedisTaskStore } from './redis/redis-task-store.js';
export { RedisLimitCounters } from './redis/redis-limit-counters.js';
export {
  type McpRedisOptions,
  DEFAULT_REDIS_URL,
  DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
} from './redis/redis-options.interface.js';
export type { RedisNodeAddress } from './redis/redis-node-address.js';
export type { McpRedisStats } from './redis/redis-counters.js';
export { redisOptionsFromEnv } from './redis/redis-options-from-env.js';

// ── SQL stores (the app's own TypeORM DataSource: PostgreSQL, MySQL, MariaDB; optional peer `typeorm`)
export { SqlTaskStore, type SqlTaskStoreOptions } from './sql/sql-task-store.js';
export type { SqlStoreLogOptions } from './sql/sql-store-failures.js';
export { SqlLimitCounters, type SqlLimitCountersOptions } from './sql/sql-limit-counters.js';
export { mcpSqlEntities, mcpSqlStoresMigration } from './sql/sql-stores-schema.js';
export { DEFAULT_SQL_TABLE_NAMES, type McpSqlTableNames } from './sql/sql-table-names.js';
