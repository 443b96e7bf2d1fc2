import type { Cluster, Redis, RedisOptions } from 'ioredis';
import type { IoredisClasses, RedisClient } from './load-ioredis.js';
import type { ResolvedRedisOptions } from './redis-options.interface.js';

/** Reconnect delay after the n-th failed attempt: 100 ms growing to 2 s, forever. */
export const retryStrategy = (attempt: number): number => Math.min(attempt * 100, 2000);

/** How a connection behaves: the command connection, or a long-lived subscriber / blocking reader. */
export type RedisClientRole = 'commands' | 'background';

/**
 * The per-connection settings of a role. Commands wait in ioredis' offline queue while the link
 * is being re-established (a Sentinel or Cluster failover), bounded by `commandTimeoutMs` and by
 * one retry, so a frozen Redis fails them within the timeout and a refused one at once; a
 * background connection queues without bound and has no timeout (its blocking reads and
 * subscriptions wait by design).
 */
function roleOptions(options: ResolvedRedisOptions, role: RedisClientRole) {
  return role === 'commands'
    ? {
        lazyConnect: true,
        maxRetriesPerRequest: 1,
        commandTimeout: options.commandTimeoutMs,
        connectTimeout: options.connectTimeoutMs,
      }
    : { lazyConnect: false, maxRetriesPerRequest: null, connectTimeout: options.connectTimeoutMs };
}

/**
 * A new ioredis connection to the configured deployment (typed as `Redis`, see {@link RedisClient});
 * `extra`: options of this connection only (not for a Cluster).
 */
export function createRedisClient(
  io: IoredisClasses,
  options: ResolvedRedisOptions,
  role: RedisClientRole,
  extra: Partial<RedisOptions> = {},
): RedisClient {
  const { lazyConnect, ...roleNode } = roleOptions(options, role);
  const perNode = { ...roleNode, ...extra };
  const topology = options.topology;
  const node = { ...options.redisOptions, ...perNode, lazyConnect, enableOfflineQueue: true };
  switch (topology.kind) {
    case 'url':
      return new io.Redis(topology.url, { ...node, retryStrategy });
    case 'sentinel':
      return new io.Redis({
        ...node,
        sentinels: topology.sentinels.map((s) => ({ ...s })),
        name: topology.name,
        retryStrategy,
      });
    case 'cluster':
      return asClient(
        new io.Cluster(
          topology.nodes.map((n) => ({ ...n })),
          clusterOptions(options, perNode, lazyConnect),
        ),
      );
    default: {
      const template = topology.client;
      if (isCluster(template)) {
        return asClient(template.duplicate([], clusterOptions(options, perNode, lazyConnect)));
      }
      return (template as Redis).duplicate({ ...node, retryStrategy }) as RedisClient;
    }
  }
}

function clusterOptions(
  options: ResolvedRedisOptions,
  perNode: Record<string, unknown>,
  lazyConnect: boolean,
) {
  return {
    lazyConnect,
    enableOfflineQueue: true,
    clusterRetryStrategy: retryStrategy,
    redisOptions: { ...options.redisOptions, ...perNode },
  };
}

function isCluster(client: Redis | Cluster): client is Cluster {
  return (client as { isCluster?: boolean }).isCluster === true;
}

/** A Cluster has the command methods of a Redis client; the stores use only those. */
function asClient(cluster: Cluster): RedisClient {
  return cluster as unknown as RedisClient;
}
