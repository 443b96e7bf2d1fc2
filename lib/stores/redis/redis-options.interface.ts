import type { Cluster, Redis, RedisOptions } from 'ioredis';
import type { McpLogger } from '../../engine/logger.interface.js';
import { parseRedisNodes, type RedisNodeAddress } from './redis-node-address.js';

/**
 * Where and how the Redis-backed stores connect (`McpModule.forRoot({ redis })`,
 * `McpRedisModule.forRoot()` or {@link createRedisStores}). Give one of `url` (a single Redis),
 * `nodes` (a Redis Cluster), `sentinels` + `name` (Redis Sentinel) or `client` (an ioredis client
 * or Cluster of your own); with none, `redis://127.0.0.1:6379`. Needs the optional peer `ioredis`.
 */
export interface McpRedisOptions {
  /** Redis URL (`redis://[:password@]host:port[/db]`, `rediss://` for TLS). Default `redis://127.0.0.1:6379`. */
  url?: string;
  /**
   * Seed nodes of a Redis Cluster (`'host:port'` or `{ host, port }`); the others are discovered.
   * Every key the stores write is hash-tagged so each command and script stays in one slot.
   */
  nodes?: ReadonlyArray<string | RedisNodeAddress>;
  /** Sentinels watching the primary named `name` (`'host:port'` or `{ host, port }`). */
  sentinels?: ReadonlyArray<string | RedisNodeAddress>;
  /** The master name the sentinels know the primary by (required with `sentinels`). */
  name?: string;
  /**
   * An ioredis `Redis` or `Cluster` of your own, used as a template: the stores open their own
   * connections with its settings (`duplicate()`), so their timeouts and subscriptions never
   * disturb it, and never close it.
   */
  client?: Redis | Cluster;
  /**
   * Extra ioredis options for every connection the stores open (password, username, TLS, db,
   * `sentinelPassword`, ...); on a Cluster they apply to each node.
   */
  redisOptions?: Partial<RedisOptions>;
  /**
   * Prefix of every key and of the pub/sub channel, so several MCP services (or test runs) share
   * one Redis without seeing each other. No `{` or `}` (the stores place their own hash tags).
   * Default `'mcp:'`.
   */
  keyPrefix?: string;
  /** How long the first connection may take before startup fails, in ms. Default 5000. */
  connectTimeoutMs?: number;
  /**
   * How long one command may take before it fails (a frozen or overloaded Redis), in ms: the
   * request that needed it is answered with a generic "store unavailable" error (HTTP 503).
   * Default 3000.
   */
  commandTimeoutMs?: number;
  /** Resumable stream events expire this long after the stream's last write, in ms. Default 5 minutes. */
  eventTtlMs?: number;
  /** Events kept per stream (trimmed approximately, `MAXLEN ~`). Default 1000. */
  maxEventsPerStream?: number;
  /** Where connection loss, recovery, failed commands and dropped bus messages are logged. Default: silent. */
  logger?: McpLogger;
}

/** Which Redis deployment the stores connect to. */
export type RedisTopology =
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'cluster'; readonly nodes: readonly RedisNodeAddress[] }
  | {
      readonly kind: 'sentinel';
      readonly sentinels: readonly RedisNodeAddress[];
      readonly name: string;
    }
  | { readonly kind: 'client'; readonly client: Redis | Cluster };

/** {@link McpRedisOptions} with defaults applied. */
export interface ResolvedRedisOptions {
  readonly topology: RedisTopology;
  /** The deployment for messages (no password): a redacted URL, the nodes or the sentinels. */
  readonly description: string;
  readonly redisOptions: Partial<RedisOptions>;
  readonly keyPrefix: string;
  readonly connectTimeoutMs: number;
  readonly commandTimeoutMs: number;
  readonly eventTtlMs: number;
  readonly maxEventsPerStream: number;
  readonly logger?: McpLogger;
}

/** Default of {@link McpRedisOptions.url}. */
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
/** Default of {@link McpRedisOptions.commandTimeoutMs}. */
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 3000;

/** Applies the defaults of {@link McpRedisOptions}; a RangeError names a wrong or conflicting option. */
export function resolveRedisOptions(options: McpRedisOptions = {}): ResolvedRedisOptions {
  const maxEventsPerStream = options.maxEventsPerStream ?? 1000;
  const eventTtlMs = options.eventTtlMs ?? 5 * 60_000;
  const commandTimeoutMs = options.commandTimeoutMs ?? DEFAULT_REDIS_COMMAND_TIMEOUT_MS;
  const keyPrefix = options.keyPrefix ?? 'mcp:';
  positive('redis.maxEventsPerStream', maxEventsPerStream);
  positive('redis.eventTtlMs', eventTtlMs);
  positive('redis.commandTimeoutMs', commandTimeoutMs);
  if (/[{}]/.test(keyPrefix)) throw new RangeError('redis.keyPrefix must not contain { or }');
  const topology = topologyOf(options);
  return {
    topology,
    description: describeTopology(topology),
    redisOptions: options.redisOptions ?? {},
    keyPrefix,
    connectTimeoutMs: options.connectTimeoutMs ?? 5000,
    commandTimeoutMs,
    eventTtlMs,
    maxEventsPerStream,
    logger: options.logger,
  };
}

function positive(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`${name} must be a positive integer`);
  }
}

function topologyOf(options: McpRedisOptions): RedisTopology {
  const given = (['url', 'nodes', 'sentinels', 'client'] as const).filter(
    (key) => options[key] !== undefined,
  );
  if (given.length > 1) {
    throw new RangeError(
      `redis: give one of url, nodes, sentinels or client, not ${given.join(' and ')}`,
    );
  }
  if (options.client) return { kind: 'client', client: options.client };
  if (options.nodes)
    return { kind: 'cluster', nodes: parseRedisNodes('redis.nodes', options.nodes) };
  if (options.sentinels) {
    if (!options.name)
      throw new RangeError('redis.name (the master name) is required with redis.sentinels');
    return {
      kind: 'sentinel',
      sentinels: parseRedisNodes('redis.sentinels', options.sentinels),
      name: options.name,
    };
  }
  return { kind: 'url', url: options.url ?? DEFAULT_REDIS_URL };
}

function describeTopology(topology: RedisTopology): string {
  const list = (nodes: readonly RedisNodeAddress[]) =>
    nodes.map((n) => `${n.host}:${n.port}`).join(', ');
  switch (topology.kind) {
    case 'url':
      return topology.url.replace(/\/\/([^@/]*)@/, '//***@');
    case 'cluster':
      return `Redis Cluster (${list(topology.nodes)})`;
    case 'sentinel':
      return `Redis Sentinel "${topology.name}" (${list(topology.sentinels)})`;
    default:
      return 'the given ioredis client';
  }
}
