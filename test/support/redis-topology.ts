import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, hasRedisServer } from './redis-server.js';

export { hasRedisServer };

/** One private `redis-server` (or sentinel) process on a loopback port. */
export interface RedisProcess {
  readonly port: number;
  readonly process: ChildProcess;
  /** SIGSTOP: the process keeps its sockets but answers nothing (a frozen Redis). */
  freeze(): void;
  /** SIGCONT after {@link freeze}. */
  thaw(): void;
  /** SIGKILL; resolves once it exited. */
  kill(): Promise<void>;
}

/** A private Redis deployment the test started; `stop()` kills every process and removes its files. */
export interface RedisTopology {
  readonly processes: RedisProcess[];
  stop(): Promise<void>;
}

/** A 3-primary Redis Cluster on loopback ports. */
export interface RedisClusterTopology extends RedisTopology {
  /** `host:port` of each primary, what `REDIS_CLUSTER_NODES` takes. */
  readonly nodes: string[];
}

/** A primary, a replica and 3 sentinels watching them under {@link SENTINEL_NAME}. */
export interface RedisSentinelTopology extends RedisTopology {
  readonly primary: RedisProcess;
  readonly replica: RedisProcess;
  /** `host:port` of each sentinel, what `REDIS_SENTINELS` takes. */
  readonly sentinels: string[];
  /** The port of the primary the sentinels name now. */
  currentPrimaryPort(): number;
}

/** The master name the sentinels of {@link startRedisSentinel} watch. */
export const SENTINEL_NAME = 'mcp-primary';

const cli = (port: number, ...args: string[]) =>
  execFileSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], {
    encoding: 'utf8',
  }).trim();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every 100 ms for up to `ms`; throws `what` when it never held. */
async function until(what: string, check: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if (check()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > end) throw new Error(`redis topology: ${what} within ${ms} ms`);
    await sleep(100);
  }
}

function launch(dir: string, name: string, port: number, args: string[]): RedisProcess {
  const conf = join(dir, `${name}.conf`);
  writeFileSync(conf, `port ${port}\nbind 127.0.0.1\nsave ""\nappendonly no\ndir ${dir}\n`);
  return wrap(port, spawn('redis-server', [conf, ...args], { stdio: 'ignore' }));
}

/**
 * Launches a `redis-server` on `port` (or a free one) and waits until the Redis answering there is
 * this process. Specs in parallel jest workers can draw the same free port: the second server
 * cannot bind and exits, while the first answers its pings, and the spec would then share (and
 * freeze, or kill) another spec's Redis. A lost port is retried on another unless it was fixed.
 */
async function launchOwned(
  dir: string,
  name: string,
  port: number | undefined,
  args: string[],
): Promise<RedisProcess> {
  for (let attempt = 1; ; attempt++) {
    const redis = launch(dir, name, port ?? (await freePort()), args);
    const ours = new RegExp(`^process_id:${redis.process.pid}\\s*$`, 'm');
    const end = Date.now() + 20_000;
    while (redis.process.exitCode === null && Date.now() < end) {
      try {
        if (ours.test(cli(redis.port, 'info', 'server'))) return redis;
      } catch {
        // not up yet
      }
      await sleep(100);
    }
    await redis.kill();
    if (port !== undefined || attempt === 3) {
      throw new Error(`redis topology: ${name} did not come up as its own on port ${redis.port}`);
    }
  }
}

function wrap(port: number, child: ChildProcess): RedisProcess {
  return {
    port,
    process: child,
    freeze: () => child.kill('SIGSTOP'),
    thaw: () => child.kill('SIGCONT'),
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGCONT');
        child.kill('SIGKILL');
      }),
  };
}

function topology(dir: string, processes: RedisProcess[]) {
  return async () => {
    await Promise.all(processes.map((p) => p.kill()));
    rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * Starts one private, empty, non-persistent Redis (on `port`, or a free one) as a child process,
 * so a test can freeze, kill and restart it; `stop()` kills it and removes its directory.
 */
export async function startPrivateRedis(port?: number): Promise<RedisTopology & RedisProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-redis-'));
  const redis = await launchOwned(dir, 'redis', port, []);
  return { ...redis, processes: [redis], stop: topology(dir, [redis]) };
}

/** Starts a sharded Redis Cluster of 3 primaries (no replicas) and waits until every slot is served. */
export async function startRedisCluster(): Promise<RedisClusterTopology> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-redis-cluster-'));
  const processes: RedisProcess[] = [];
  const stop = topology(dir, processes);
  try {
    for (let i = 0; i < 3; i++) {
      processes.push(
        await launchOwned(dir, `node-${i}`, undefined, [
          ...['--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${i}.conf`],
          ...['--cluster-node-timeout', '2000'],
        ]),
      );
    }
    const nodes = processes.map((p) => `127.0.0.1:${p.port}`);
    execFileSync('redis-cli', ['--cluster', 'create', ...nodes, '--cluster-yes'], {
      stdio: 'ignore',
    });
    for (const p of processes) {
      await until('the cluster ok', () =>
        cli(p.port, 'cluster', 'info').includes('cluster_state:ok'),
      );
    }
    return { processes, nodes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Starts a primary, one replica and 3 sentinels (quorum 2, down after 1 s) and waits until the
 * replica is in sync and every sentinel knows both.
 */
export async function startRedisSentinel(): Promise<RedisSentinelTopology> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-redis-sentinel-'));
  const processes: RedisProcess[] = [];
  const stop = topology(dir, processes);
  try {
    const primary = await launchOwned(dir, 'primary', undefined, []);
    processes.push(primary);
    const replica = await launchOwned(dir, 'replica', undefined, [
      ...['--replicaof', '127.0.0.1', String(primary.port)],
    ]);
    processes.push(replica);
    await until('the replica in sync', () =>
      cli(replica.port, 'info', 'replication').includes('master_link_status:up'),
    );
    const sentinels: string[] = [];
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      const conf = join(dir, `sentinel-${i}.conf`);
      writeFileSync(
        conf,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `dir ${dir}`,
          `sentinel monitor ${SENTINEL_NAME} 127.0.0.1 ${primary.port} 2`,
          `sentinel down-after-milliseconds ${SENTINEL_NAME} 1000`,
          `sentinel failover-timeout ${SENTINEL_NAME} 5000`,
          `sentinel parallel-syncs ${SENTINEL_NAME} 1`,
          '',
        ].join('\n'),
      );
      processes.push(wrap(port, spawn('redis-server', [conf, '--sentinel'], { stdio: 'ignore' })));
      sentinels.push(`127.0.0.1:${port}`);
    }
    const sentinelPorts = sentinels.map((s) => Number(s.split(':')[1]));
    for (const port of sentinelPorts) {
      await until('each sentinel seeing the replica and the others', () => {
        const info = cli(port, 'sentinel', 'master', SENTINEL_NAME);
        const lines = info.split('\n');
        const field = (name: string) => Number(lines[lines.indexOf(name) + 1]);
        return field('num-slaves') >= 1 && field('num-other-sentinels') >= 2;
      });
    }
    const currentPrimaryPort = () =>
      Number(
        cli(sentinelPorts[0], 'sentinel', 'get-master-addr-by-name', SENTINEL_NAME).split('\n')[1],
      );
    return { processes, primary, replica, sentinels, currentPrimaryPort, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
