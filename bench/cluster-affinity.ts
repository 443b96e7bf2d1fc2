/**
 * Memory per instance while sessions are active (issue 38): S sessions sending calls over N
 * instances of the cluster sample (`dist/sample/10-cluster`, each its own process, one private
 * Redis), behind a round-robin proxy, then behind one hashing `Mcp-Session-Id` (as nginx `hash
 * $http_mcp_session_id consistent`, HAProxy `balance hdr(Mcp-Session-Id)`, Envoy `RING_HASH`).
 * The sessions open first (an `initialize` has no session id yet, so it goes anywhere, and its
 * instance keeps a copy); once those copies have been dropped (`liveCopyIdleMs`, set short), each
 * session sends its calls. Prints the live session copies each instance then holds (`GET
 * /debug/stats`) and its RSS growth (noisy: a GC moves it by megabytes): round robin, a session's
 * calls leave copies on most instances; hashed, on one (S/N).
 *
 * Usage: `npm run build && node dist/bench/cluster-affinity.js` (env `BENCH_SESSIONS`, default
 * 600; `BENCH_INSTANCES`, default 3; `BENCH_SESSION_CALLS`, calls per session, default 6;
 * `BENCH_LIVE_COPY_IDLE_MS`, default 20 000).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { openMcpSession } from './mcp-session.js';
import { rssBytes, startPrivateRedis } from './redis-probe.js';
import { startRoundRobinProxy } from './round-robin-proxy.js';
import { spawnReady, type ReadyProcess } from './spawn-ready.js';

const SAMPLE = fileURLToPath(new URL('../sample/10-cluster/main.js', import.meta.url));
const sessionCount = Number(process.env.BENCH_SESSIONS ?? 600);
const instanceCount = Number(process.env.BENCH_INSTANCES ?? 3);
const callsPerSession = Number(process.env.BENCH_SESSION_CALLS ?? 6);
/**
 * The instances' `liveCopyIdleMs`: long enough for every session's calls to run on copies that
 * stay, short so the copies the handshakes left are dropped before the calls start.
 */
const liveCopyIdleMs = Number(process.env.BENCH_LIVE_COPY_IDLE_MS ?? 20_000);
const requestStateKey = randomBytes(32).toString('base64');
const children: ChildProcess[] = [];

type Started = ReadyProcess;

const startInstance = (env: Record<string, string>) =>
  spawnReady(
    SAMPLE,
    { PORT: '0', MCP_REQUEST_STATE_KEYS: requestStateKey, ...env },
    /READY http:\/\/127\.0\.0\.1:(\d+)\//,
    children,
  );

/** The sample's `whoami` call, through `url`, on one session. */
async function call(url: string, headers: Record<string, string>, id: number): Promise<void> {
  const reply = await fetch(url, { method: 'POST', headers, body: whoami(id) });
  const text = await reply.text();
  if (reply.status !== 200 || text.includes('"error"')) {
    throw new Error(`tools/call: HTTP ${reply.status} ${text.slice(0, 200)}`);
  }
}

const whoami = (id: number) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'whoami', arguments: { text: 'hello' } },
  });

const liveCopies = async (instance: Started) =>
  (
    (await (await fetch(`http://127.0.0.1:${instance.port}/debug/stats`)).json()) as {
      sessions: number;
    }
  ).sessions;

async function measure(redisUrl: string, hashSessionId: boolean): Promise<void> {
  const env = {
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `mcp-affinity:${randomUUID()}:`,
    LIVE_COPY_IDLE_MS: String(liveCopyIdleMs),
  };
  const instances: Started[] = [];
  for (let i = 0; i < instanceCount; i++) instances.push(await startInstance(env));
  const rssBefore = instances.map((i) => rssBytes(i.pid));
  const proxy = await startRoundRobinProxy(
    instances.map((i) => i.port),
    { hashSessionId },
  );
  const url = `${proxy.url}/mcp`;
  let id = 0;
  const batch = 20;
  const sessions: Array<Record<string, string>> = [];
  for (let i = 0; i < sessionCount; i += batch) {
    const opened = Array.from({ length: Math.min(batch, sessionCount - i) }, () =>
      openMcpSession(url),
    );
    sessions.push(...(await Promise.all(opened)));
  }
  // The copies the handshakes left (an `initialize` has no session id: it goes anywhere) go idle.
  await new Promise((resolve) => setTimeout(resolve, 2 * liveCopyIdleMs + 1000));
  // Every session active at once (each its calls in turn), so no copy in use idles out meanwhile.
  await Promise.all(
    sessions.map(async (headers) => {
      for (let c = 0; c < callsPerSession; c++) await call(url, headers, ++id);
    }),
  );
  const copies = await Promise.all(instances.map(liveCopies));
  const growth = instances.map((instance, i) => rssBytes(instance.pid) - rssBefore[i]!);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  console.log(
    `${(hashSessionId ? 'hashing Mcp-Session-Id' : 'round robin').padEnd(24)} ` +
      `live copies per instance ${copies.join(' / ')} (S=${sessionCount}, S/N=${(sessionCount / instanceCount).toFixed(0)}), ` +
      `RSS growth per instance ${growth.map((b) => `${(b / 1048576).toFixed(1)}`).join(' / ')} MiB ` +
      `(mean ${(mean(growth) / 1048576).toFixed(1)} MiB)`,
  );
  await proxy.close();
  for (const child of children.splice(0)) child.kill('SIGTERM');
}

async function main(): Promise<void> {
  const redis = await startPrivateRedis();
  if (!redis) throw new Error('cluster-affinity needs redis-server installed');
  try {
    console.log(
      `${sessionCount} sessions x ${callsPerSession} calls over ${instanceCount} instances of the cluster sample, one private Redis`,
    );
    await measure(redis.url, false);
    await measure(redis.url, true);
  } finally {
    redis.stop();
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of children) child.kill('SIGTERM');
  });
