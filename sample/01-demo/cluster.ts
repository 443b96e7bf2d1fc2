/**
 * `npm run start:cluster`: the demo as a two-instance service on this machine, in one command. A
 * private `redis-server` (no persistence, on a free loopback port, gone when this stops), two demo
 * instances sharing it with one `requestState` key, and a round-robin proxy in front of them on
 * `PORT` (default 3000) that sends each request to the next instance, as a plain balancer does.
 * Ctrl-C stops all of it. Needs `redis-server` on the PATH (Debian: `apt-get install redis-server`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startRoundRobinProxy } from '../../bench/round-robin-proxy.js';

const DEMO_MAIN = fileURLToPath(new URL('./main.js', import.meta.url));
const READY = /MCP demo server: Streamable HTTP/;
const children: ChildProcess[] = [];

/** A port nothing listens on right now. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Spawns `command`, its output prefixed with `[name]`; resolves once a line matches `ready`. */
async function start(name: string, command: string, args: string[], ready: RegExp, env = {}) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let seen = false;
  const up = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!seen) reject(new Error(`${name} exited (code ${code}) before it was ready`));
    });
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        for (const line of chunk.split('\n').filter(Boolean)) {
          process.stdout.write(`[${name}] ${line}\n`);
          if (!seen && ready.test(line)) {
            seen = true;
            resolve();
          }
        }
      });
    }
  });
  await up;
  return child;
}

async function stop(): Promise<void> {
  for (const child of [...children].reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGTERM');
    await Promise.race([once(child, 'exit'), new Promise((r) => setTimeout(r, 10_000).unref())]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

async function main(): Promise<void> {
  const redisPort = await freePort();
  await start(
    'redis',
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    /Ready to accept connections/,
  );
  const env = {
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    MCP_REQUEST_STATE_KEYS: randomBytes(32).toString('base64'),
    HOST: '127.0.0.1',
  };
  const ports = [await freePort(), await freePort()];
  await Promise.all(
    ports.map((port, i) =>
      start(`instance-${'ab'[i]}`, process.execPath, [DEMO_MAIN], READY, {
        ...env,
        PORT: String(port),
      }),
    ),
  );
  const proxy = await startRoundRobinProxy(
    ports,
    { retryRefused: true },
    Number(process.env.PORT ?? 3000),
  );
  console.log(
    `MCP demo cluster: ${proxy.url}/mcp (round-robin over instances on ports ${ports.join(' and ')}, ` +
      `Redis on port ${redisPort}); Ctrl-C stops it`,
  );
  const shutdown = async () => {
    await proxy.close();
    await stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

main().catch(async (error: unknown) => {
  console.error(`start:cluster failed: ${error instanceof Error ? error.message : String(error)}`);
  await stop();
  process.exit(1);
});
