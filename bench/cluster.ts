/**
 * Cluster benchmark: `tools/call echo` throughput on one 2025 session of 1 instance in memory,
 * 1 instance on Redis, and 2 instances on Redis behind a round-robin proxy, in one run, each
 * instance its own process. Prints calls/s and the ratios (targets: Redis ≥ 0.8× in memory;
 * 2 instances ≥ 1.6× one, where the cores allow it: the count is printed).
 *
 * Usage: `npm run bench:cluster` (env `BENCH_DURATION` s per arm, default 3; `BENCH_CONNECTIONS`,
 * default 10; `REDIS_URL`, default redis://127.0.0.1:6379).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { runLoad } from './autocannon-run.js';
import { failureCount } from './load-types.js';
import { openMcpSession } from './mcp-session.js';
import { startRoundRobinProxy } from './round-robin-proxy.js';

const INSTANCE = fileURLToPath(new URL('./cluster-instance.js', import.meta.url));
const seconds = Number(process.env.BENCH_DURATION ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const children: ChildProcess[] = [];
/** The `requestState` key the instances share. */
const requestStateKey = randomBytes(32).toString('base64');

function startInstance(env: Record<string, string>): Promise<number> {
  const child = spawn(process.execPath, [INSTANCE], {
    env: { ...process.env, REDIS_URL: '', MCP_REQUEST_STATE_KEYS: requestStateKey, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /READY (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`bench instance exited with ${code}`)));
  });
}

async function measure(name: string, url: string): Promise<number> {
  const headers = await openMcpSession(url);
  await runLoad(url, headers, connections, 1); // warm-up
  const result = await runLoad(url, headers, connections, seconds);
  const failures = failureCount(result);
  console.log(
    `${name.padEnd(22)} ${result.rps.toFixed(0).padStart(7)} calls/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms` +
      (failures ? `  FAILURES ${failures}: ${result.firstBad ?? ''}` : ''),
  );
  if (failures) process.exitCode = 1;
  return result.rps;
}

async function main(): Promise<void> {
  console.log(
    `cluster bench: ${seconds} s per arm, ${connections} connections, ${availableParallelism()} cores, ` +
      `load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (load generator and proxy share this process)`,
  );
  const prefix = `mcp-bench:${randomUUID()}:`;
  const memory = await measure(
    '1 instance, memory',
    `http://127.0.0.1:${await startInstance({})}/mcp`,
  );
  const onRedis = { REDIS_URL: redisUrl, REDIS_PREFIX: prefix };
  const one = await measure(
    '1 instance, Redis',
    `http://127.0.0.1:${await startInstance(onRedis)}/mcp`,
  );
  const ports = [await startInstance(onRedis), await startInstance(onRedis)];
  const proxy = await startRoundRobinProxy(ports);
  const two = await measure('2 instances, Redis', `${proxy.url}/mcp`);
  const proxied = await startRoundRobinProxy([ports[0]]);
  const oneProxied = await measure('1 instance via proxy', `${proxied.url}/mcp`);
  await proxy.close();
  await proxied.close();
  console.log(`Redis / memory:              ${(one / memory).toFixed(2)}x (target >= 0.8)`);
  console.log(
    `2 instances / 1 (via proxy): ${(two / oneProxied).toFixed(2)}x (target >= 1.6 with cores to spare)`,
  );
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of children) child.kill('SIGTERM');
  });
