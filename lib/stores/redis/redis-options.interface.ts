import type { McpLogger } from '../../engine/logger.interface.js';

/**
 * Where and how the Redis-backed stores connect (`McpModule.forRoot({ redis })`,
 * `McpRedisModule.forRoot()` or {@link createRedisStores}). Needs the optional peer `ioredis`.
 */
export interface McpRedisOptions {
  /** Redis URL (`redis://[:password@]host:port[/db]`, `rediss://` for TLS). Default `redis://127.0.0.1:6379`. */
  url?: string;
  /**
   * Prefix of every key and of the pub/sub channel, so several MCP services (or test runs) share
   * one Redis without seeing each other. Default `'mcp:'`.
   */
  keyPrefix?: string;
  /** How long the first connection may take before startup fails, in ms. Default 5000. */
  connectTimeoutMs?: number;
  /** Resumable stream events expire this long after the stream's last write, in ms. Default 5 minutes. */
  eventTtlMs?: number;
  /** Events kept per stream (trimmed approximately, `MAXLEN ~`). Default 1000. */
  maxEventsPerStream?: number;
  /** Where connection loss, recovery and dropped bus messages are logged. Default: silent. */
  logger?: McpLogger;
}

/** {@link McpRedisOptions} with defaults applied. */
export interface ResolvedRedisOptions {
  readonly url: string;
  readonly keyPrefix: string;
  readonly connectTimeoutMs: number;
  readonly eventTtlMs: number;
  readonly maxEventsPerStream: number;
  readonly logger?: McpLogger;
}

/** Default of {@link McpRedisOptions.url}. */
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** Applies the defaults of {@link McpRedisOptions}. */
export function resolveRedisOptions(options: McpRedisOptions = {}): ResolvedRedisOptions {
  const maxEventsPerStream = options.maxEventsPerStream ?? 1000;
  const eventTtlMs = options.eventTtlMs ?? 5 * 60_000;
  if (!Number.isSafeInteger(maxEventsPerStream) || maxEventsPerStream < 1) {
    throw new RangeError('redis.maxEventsPerStream must be a positive integer');
  }
  if (!Number.isSafeInteger(eventTtlMs) || eventTtlMs < 1) {
    throw new RangeError('redis.eventTtlMs must be a positive integer (ms)');
  }
  return {
    url: options.url ?? DEFAULT_REDIS_URL,
    keyPrefix: options.keyPrefix ?? 'mcp:',
    connectTimeoutMs: options.connectTimeoutMs ?? 5000,
    eventTtlMs,
    maxEventsPerStream,
    logger: options.logger,
  };
}
