/**
 * Cluster benchmark: server CPU per `tools/call echo` on one 2025 session, for 1 instance in
 * memory, 1 instance on Redis, and 2 and 3 instances on Redis behind a round-robin proxy, in one
 * run, each instance its own process; and 1 instance in memory with `keepAliveMs: 0` (no per-POST
 * timer upgrading a long JSON reply to SSE), whose difference to the first is that timer's cost. Calls/s on two shared cores cannot scale with instances,
 * so the figure compared is the CPU time all instances spent (from `/proc/<pid>/stat`, Linux)
 * divided by the calls served. Goals (issue 23): Redis <= 1.1x in memory; 3 instances <= 1.2x
 * one instance on Redis.
 *
 * On Redis each arm also reports the Redis commands per call (`INFO commandstats` deltas, so the
 * Redis must serve nobody else: the bench starts a private `redis-server` when one is installed).
 * `BENCH_CALLS` sets the calls of each Redis arm instead of a duration. Plain calls (`echo`) and
 * calls writing the session state (`echo_state`) are measured apart: commands per call are given as
 * sent by the instances (a script once, counted with `MONITOR`) and as executed by Redis (what a
 * script runs included, `INFO commandstats`).
 * A last arm opens `BENCH_STREAMS` (default 2,000) sessions with a GET stream each over the 3
 * instances and reports the Redis clients and the instances' RSS per open stream (issue 38).
 *
 * Usage: `npm run bench:cluster` (env `BENCH_DURATION` s per arm, default 3; `BENCH_CONNECTIONS`,
 * default 10; `REDIS_URL`, default a private redis-server, else redis://127.0.0.1:6379 under a
 * key prefix of its own, where the commands per call count everyone's traffic).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { runLoad } from './autocannon-run.js';
import { failureCount, type Workload } from './load-types.js';
import { openMcpSession } from './mcp-session.js';
import { openSessions, openStreams } from './open-streams.js';
import { RedisProbe, rssBytes, startPrivateRedis } from './redis-probe.js';
import { startRoundRobinProxy } from './round-robin-proxy.js';
import { spawnReady, type ReadyProcess } from './spawn-ready.js';
import { processCpuMs } from './thread-cpu.js';

const INSTANCE = fileURLToPath(new URL('./cluster-instance.js', import.meta.url));
const seconds = Number(process.env.BENCH_DURATION ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const streamCount = Number(process.env.BENCH_STREAMS ?? 2000);
/**
 * The pauses (ms) while the instances idle (their heartbeats counted) and while the streams
 * settle: 1 s, or the arm's duration when shorter (a smoke run's 0.1 s).
 */
const pauseMs = Math.min(1, seconds) * 1000;
/** Calls per Redis arm (instead of `seconds`), when set. */
const callsPerArm = Number(process.env.BENCH_CALLS ?? 0) || undefined;
const children: ChildProcess[] = [];
/** What to undo at the end (the private Redis, the probe's connection). */
const cleanups: Array<() => void> = [];
/** The `requestState` key the instances share. */
const requestStateKey = randomBytes(32).toString('base64');

type Started = ReadyProcess;

const startInstance = (env: Record<string, string>) =>
  spawnReady(
    INSTANCE,
    { REDIS_URL: '', MCP_REQUEST_STATE_KEYS: requestStateKey, ...env },
    /READY (\d+)/,
    children,
  );

const cpuOf = (instances: Started[]) =>
  instances.reduce((sum, i) => sum + (processCpuMs(i.pid) ?? Number.NaN), 0);

/**
 * Loads `url` and returns the instances' CPU time per call, in microseconds; with `redis`, also
 * prints the Redis commands per call (the probe's own two `INFO` subtracted).
 */
async function measure(
  name: string,
  url: string,
  instances: Started[],
  redis?: RedisProbe,
  workload: Workload = 'echo',
): Promise<number> {
  const headers = await openMcpSession(url);
  await runLoad(url, headers, connections, Math.min(1, seconds), false, { workload }); // warm-up
  const background = redis && (await backgroundCommandsPerSecond(redis));
  const before = cpuOf(instances);
  const stopCounting = await redis?.countSent();
  const commandsBefore = await redis?.commands();
  const started = performance.now();
  const amount = redis && callsPerArm ? { amount: callsPerArm } : {};
  const result = await runLoad(url, headers, connections, seconds, false, { workload, ...amount });
  const elapsedS = (performance.now() - started) / 1000;
  const commandsAfter = await redis?.commands();
  const sent = stopCounting?.();
  const cpuUs = ((cpuOf(instances) - before) * 1000) / Math.max(1, result.completed);
  const failures = failureCount(result);
  let perCall = '';
  if (commandsBefore !== undefined && commandsAfter !== undefined && background !== undefined) {
    const commands = commandsAfter - commandsBefore - 1; // the probe's second INFO
    const calls = Math.max(1, result.completed);
    perCall =
      `  ${((sent ?? Number.NaN) / calls).toFixed(2)} Redis cmds/call sent, ` +
      `${(commands / calls).toFixed(2)} executed ` +
      `(${((commands - background * elapsedS) / calls).toFixed(2)} without the idle heartbeats)`;
  }
  console.log(
    `${name.padEnd(40)} ${cpuUs.toFixed(0).padStart(6)} µs CPU/call  ` +
      `${result.rps.toFixed(0).padStart(6)} calls/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms` +
      perCall +
      (failures ? `  FAILURES ${failures}: ${result.firstBad ?? ''}` : ''),
  );
  if (failures) process.exitCode = 1;
  return cpuUs;
}

/** Redis commands per second while the instances serve nothing (heartbeats), over {@link pauseMs}. */
async function backgroundCommandsPerSecond(redis: RedisProbe): Promise<number> {
  const before = await redis.commands();
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, pauseMs));
  const commands = (await redis.commands()) - before - 1;
  return commands / ((performance.now() - started) / 1000);
}

function target(name: string, ratio: number, goal: number): void {
  const status = Number.isNaN(ratio) ? 'n/a (no procfs)' : ratio <= goal ? 'met' : 'NOT MET';
  console.log(`${name.padEnd(36)} ${ratio.toFixed(2)}x  <= ${goal.toFixed(2)}x  ${status}`);
}

async function main(): Promise<void> {
  console.log(
    `cluster bench: ${seconds} s per arm, ${connections} connections, ${availableParallelism()} cores, ` +
      `load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (load generator and proxy share this process; CPU counted: the instances')`,
  );
  const prefix = `mcp-bench:${randomUUID()}:`;
  const memoryInstance = await startInstance({});
  const memory = await measure(
    '1 instance, memory',
    `http://127.0.0.1:${memoryInstance.port}/mcp`,
    [memoryInstance],
  );
  // The same instance without the per-POST keep-alive timer (`keepAliveMs: 0`: a JSON reply is
  // never upgraded to SSE after 15 s): the difference is that timer's cost per call.
  const noTimerInstance = await startInstance({ MCP_KEEP_ALIVE_MS: '0' });
  const noTimer = await measure(
    '1 instance, memory, keepAliveMs 0',
    `http://127.0.0.1:${noTimerInstance.port}/mcp`,
    [noTimerInstance],
  );
  // The default again after it, so warm-up and drift weigh on both sides alike.
  const memoryAgain = await measure(
    '1 instance, memory, again',
    `http://127.0.0.1:${memoryInstance.port}/mcp`,
    [memoryInstance],
  );
  console.log(
    `per-POST keep-alive timer: ${((memory + memoryAgain) / 2 - noTimer).toFixed(0)} µs CPU/call ` +
      `(mean of the two default-keepAliveMs runs minus keepAliveMs 0; /proc ticks are 10 ms, so ` +
      `a few µs is noise)`,
  );
  const privateRedis = process.env.REDIS_URL ? undefined : await startPrivateRedis();
  cleanups.push(() => privateRedis?.stop());
  const redisUrl = process.env.REDIS_URL ?? privateRedis?.url ?? 'redis://127.0.0.1:6379';
  console.log(
    privateRedis
      ? `Redis: a private redis-server (${redisUrl})`
      : `Redis: ${redisUrl}, shared: commands per call count everyone's traffic`,
  );
  const probe = new RedisProbe(redisUrl);
  cleanups.push(() => probe.close());
  const onRedis = { REDIS_URL: redisUrl, REDIS_PREFIX: prefix };
  const all = [
    await startInstance(onRedis),
    await startInstance(onRedis),
    await startInstance(onRedis),
  ];
  const one = await measure(
    '1 instance, Redis',
    `http://127.0.0.1:${all[0].port}/mcp`,
    [all[0]],
    probe,
  );
  await measure(
    '1 instance, Redis, state writes',
    `http://127.0.0.1:${all[0].port}/mcp`,
    [all[0]],
    probe,
    'echo-state',
  );
  const perCount: number[] = [];
  for (const count of [2, 3]) {
    const proxy = await startRoundRobinProxy(all.slice(0, count).map((i) => i.port));
    perCount.push(
      await measure(
        `${count} instances, Redis, proxy`,
        `${proxy.url}/mcp`,
        all.slice(0, count),
        probe,
      ),
    );
    if (count === 3) {
      await measure(
        '3 instances, Redis, proxy, state writes',
        `${proxy.url}/mcp`,
        all,
        probe,
        'echo-state',
      );
    }
    await proxy.close();
  }
  target('Redis / memory (CPU per call)', one / memory, 1.1);
  target('3 instances / 1 (CPU per call)', perCount[1] / one, 1.2);
  await measureStreams(all, probe);
}

/**
 * Opens {@link streamCount} sessions over `instances`, then a GET stream on each, and prints the
 * Redis clients before and after and the instances' RSS growth per open stream (the sessions'
 * own memory is measured before the streams open, so it is not counted).
 */
async function measureStreams(instances: Started[], probe: RedisProbe): Promise<void> {
  const urls = instances.map((i) => `http://127.0.0.1:${i.port}/mcp`);
  const sessions = await openSessions(urls, streamCount);
  const clientsBefore = await probe.clients();
  const rss = () => instances.reduce((sum, i) => sum + rssBytes(i.pid), 0);
  const rssBefore = rss();
  const streams = await openStreams(sessions);
  await new Promise((resolve) => setTimeout(resolve, pauseMs)); // let the instances settle
  const clientsAfter = await probe.clients();
  const perStream = (rss() - rssBefore) / Math.max(1, streams.opened);
  console.log(
    `${streams.opened} of ${streamCount} GET streams open over ${instances.length} instances: ` +
      `Redis clients ${clientsBefore} -> ${clientsAfter} (the probe included), ` +
      `RSS +${(perStream / 1024).toFixed(1)} KiB per open stream`,
  );
  if (streams.opened < streamCount) process.exitCode = 1;
  streams.close();
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of children) child.kill('SIGTERM');
    for (const cleanup of cleanups) cleanup();
  });
