import { execFileSync, spawnSync } from 'node:child_process';

/** True when `redis-server` is installed (tests that stop and restart Redis need their own). */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** A TCP port free right now on 127.0.0.1 (the one definition, see `bench/free-ports.ts`). */
export { freePort } from '../../bench/free-ports.js';

/**
 * Starts a private, empty, non-persistent Redis on `port` (daemonized); `extra` are more
 * `redis-server` arguments (e.g. `['--maxclients', '40']`).
 */
export const startRedis = (port: number, extra: string[] = []) =>
  execFileSync('redis-server', [
    ...['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', String(port)],
    ...['--save', '', '--appendonly', 'no'],
    ...extra,
  ]);

/** Stops the Redis started by {@link startRedis} on `port`. */
export const stopRedis = (port: number) =>
  spawnSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave']);

/** Polls `check` every 100 ms, up to 10 s. */
export const waitFor = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
};
