import { freePort, hasRedisServer, startRedis, stopRedis } from '../../../support/redis-server.js';
import {
  SENTINEL_NAME,
  startPrivateRedis,
  startRedisCluster,
  startRedisSentinel,
  type RedisClusterTopology,
  type RedisProcess,
  type RedisSentinelTopology,
  type RedisTopology,
} from '../../../support/redis-topology.js';

/**
 * `describe` when `redis-server` is installed, else `describe.skip`: for the blocks that start a
 * Redis of their own ({@link startRedisDeployment}).
 */
export const describeWithRedis = hasRedisServer ? describe : describe.skip;

/** A daemonized private `redis-server` that a test stops and starts again on the same port. */
export interface DaemonRedis {
  readonly port: number;
  /** `SHUTDOWN NOSAVE`: the instances see their connections closed, then refused. */
  stop(): void;
  /** Starts it again on its port, empty, with the arguments it was started with. */
  start(): void;
}

/** The Redis deployments a cluster spec starts for itself, by name. */
export interface RedisDeployments {
  /** One daemonized `redis-server` on a free port ({@link DaemonRedis}). */
  private: DaemonRedis;
  /** One `redis-server` child process on a free port: a test freezes (SIGSTOP) or kills it. */
  'private-process': RedisTopology & RedisProcess;
  /** A sharded Redis Cluster of 3 primaries. */
  'redis-cluster': RedisClusterTopology;
  /** A primary, a replica and 3 sentinels. */
  sentinel: RedisSentinelTopology;
}

/** The name of a {@link RedisDeployments} entry. */
export type RedisKind = keyof RedisDeployments;

/** A started deployment: the handle, the environment naming it to an instance, and its stop. */
export interface StartedRedis<K extends RedisKind> {
  readonly redis: RedisDeployments[K];
  /** `REDIS_URL`, `REDIS_CLUSTER_NODES` or `REDIS_SENTINELS` + `REDIS_SENTINEL_NAME`. */
  readonly env: Record<string, string>;
  /** Stops every process of it (and removes its files). */
  stop(): Promise<void>;
}

async function startDaemon(args: string[]): Promise<StartedRedis<'private'>> {
  const port = await freePort();
  const redis: DaemonRedis = {
    port,
    stop: () => void stopRedis(port),
    start: () => void startRedis(port, args),
  };
  redis.start();
  return { redis, env: { REDIS_URL: `redis://127.0.0.1:${port}` }, stop: async () => redis.stop() };
}

/**
 * Starts a private Redis deployment of `kind`; `args` are more `redis-server` arguments of a
 * `private` one (e.g. `['--maxclients', '40']`).
 */
export async function startRedisDeployment<K extends RedisKind>(
  kind: K,
  args: string[] = [],
): Promise<StartedRedis<K>> {
  const started = async (): Promise<StartedRedis<RedisKind>> => {
    switch (kind) {
      case 'private':
        return startDaemon(args);
      case 'private-process': {
        const redis = await startPrivateRedis();
        return { redis, env: { REDIS_URL: `redis://127.0.0.1:${redis.port}` }, stop: redis.stop };
      }
      case 'redis-cluster': {
        const redis = await startRedisCluster();
        return { redis, env: { REDIS_CLUSTER_NODES: redis.nodes.join(',') }, stop: redis.stop };
      }
      default: {
        const redis = await startRedisSentinel();
        const env = {
          REDIS_SENTINELS: redis.sentinels.join(','),
          REDIS_SENTINEL_NAME: SENTINEL_NAME,
        };
        return { redis, env, stop: redis.stop };
      }
    }
  };
  return (await started()) as StartedRedis<K>;
}
