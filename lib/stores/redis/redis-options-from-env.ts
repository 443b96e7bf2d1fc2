import { splitRedisNodes } from './redis-node-address.js';
import type { McpRedisOptions } from './redis-options.interface.js';

/**
 * The Redis deployment named by environment variables, for `McpModule.forRoot({ redis })`:
 * `REDIS_CLUSTER_NODES=host:port,...` (a Redis Cluster), else `REDIS_SENTINELS=host:port,...`
 * with `REDIS_SENTINEL_NAME` (Sentinel), else `REDIS_URL`; `REDIS_PREFIX` sets the key prefix.
 * Undefined when none is set (the stores then stay in memory).
 * @throws RangeError when `REDIS_SENTINELS` is set without `REDIS_SENTINEL_NAME`.
 */
export function redisOptionsFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
): McpRedisOptions | undefined {
  const prefix = env.REDIS_PREFIX ? { keyPrefix: env.REDIS_PREFIX } : {};
  if (env.REDIS_CLUSTER_NODES)
    return { nodes: splitRedisNodes(env.REDIS_CLUSTER_NODES), ...prefix };
  if (env.REDIS_SENTINELS) {
    if (!env.REDIS_SENTINEL_NAME) {
      throw new RangeError('REDIS_SENTINELS needs REDIS_SENTINEL_NAME (the master name)');
    }
    return {
      sentinels: splitRedisNodes(env.REDIS_SENTINELS),
      name: env.REDIS_SENTINEL_NAME,
      ...prefix,
    };
  }
  if (env.REDIS_URL) return { url: env.REDIS_URL, ...prefix };
  return undefined;
}
