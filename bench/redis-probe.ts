import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { monitorRedis } from './redis-monitor.js';

/**
 * What the cluster benchmark reads of its Redis and its instances: commands served
 * (`INFO commandstats`), clients connected (`CLIENT LIST`), and an instance's resident memory.
 */
export class RedisProbe {
  private readonly client: Redis;

  constructor(private readonly url: string) {
    this.client = new Redis(url, { maxRetriesPerRequest: 1 });
  }

  /** Commands Redis has served since it started, all kinds summed (this probe's own included). */
  async commands(): Promise<number> {
    const info = await this.client.info('commandstats');
    let total = 0;
    for (const match of info.matchAll(/^cmdstat_[^:]+:calls=(\d+)/gm)) total += Number(match[1]);
    return total;
  }

  /**
   * Counts, from now until the returned function is called, the commands clients SENT (a script
   * counts once: what `INFO commandstats` counts includes every command a script runs), through
   * `MONITOR` on a connection of its own; the probe's own `INFO`s are not counted.
   */
  async countSent(): Promise<() => number> {
    let sent = 0;
    const stop = await monitorRedis(this.url, ({ source, args }) => {
      if (source !== 'lua' && args[0]?.toLowerCase() !== 'info') sent++;
    });
    return () => {
      stop();
      return sent;
    };
  }

  /** Clients connected now, this probe included. */
  async clients(): Promise<number> {
    const list = (await this.client.call('CLIENT', 'LIST')) as string;
    return list.split('\n').filter((line) => line.trim() !== '').length;
  }

  /** Closes the probe's connection. */
  close(): void {
    this.client.disconnect();
  }
}

/** Resident memory of process `pid` in bytes (`/proc/<pid>/status`, Linux); NaN elsewhere. */
export function rssBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN) * 1024;
  } catch {
    return Number.NaN;
  }
}

/** A private, empty, non-persistent `redis-server` on a free port; undefined when not installed. */
export async function startPrivateRedis(): Promise<{ url: string; stop(): void } | undefined> {
  if (spawnSync('redis-server', ['--version']).status !== 0) return undefined;
  const port = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
  execFileSync('redis-server', [
    ...['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', String(port)],
    ...['--save', '', '--appendonly', 'no', '--maxclients', '10000'],
  ]);
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => void spawnSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave']),
  };
}
