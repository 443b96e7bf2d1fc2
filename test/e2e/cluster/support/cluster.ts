import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { McpClient, StreamableHttpClientTransport } from '../../../../lib/index.js';
import { deleteTestKeys, TEST_REDIS_URL } from '../../../support/redis.js';
import { connectClient, type TestClient } from '../../support/client.js';
import {
  startRedisDeployment,
  type RedisDeployments,
  type RedisKind,
} from './redis-deployments.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.js';

/** Repository root. */
export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** The built cluster sample (`sample/10-cluster/main.ts`). */
export const CLUSTER_MAIN = fileURLToPath(
  new URL('../../../../dist/sample/10-cluster/main.js', import.meta.url),
);

/**
 * How long one instance may take to say READY: a ceiling for a loaded machine, not a timing
 * assert (three Nest processes booting at once beside the other e2e files).
 */
const INSTANCE_START_MS = 120_000;
/** The ceiling of a `beforeAll` that starts a cluster (its instances side by side, the proxy). */
export const CLUSTER_START_MS = 150_000;

/** The `requestState` key every instance of a test run shares (`MCP_REQUEST_STATE_KEYS`). */
export const TEST_REQUEST_STATE_KEY = randomBytes(32).toString('base64');

/** One running instance of the cluster sample. */
export interface Instance {
  readonly port: number;
  readonly process: ChildProcess;
  /** What it wrote to stderr (errors and warnings). */
  readonly stderr: string[];
  /** What it wrote to stdout (Nest's warn lines go there). */
  readonly stdout: string[];
}

/**
 * Whether every store of `instance` answers its health probe (the sample's `/debug/health`,
 * `McpHealthIndicator`). The probe's PING also ends the instance's run of Redis failures: until
 * then an instance holding a live copy serves it without the store, by design.
 */
export async function storesUp(instance: Instance): Promise<boolean> {
  const response = await fetch(`http://127.0.0.1:${instance.port}/debug/health`);
  const body = (await response.json()) as { mcp: { stores: Record<string, { state: string }> } };
  return Object.values(body.mcp.stores).every((store) => store.state !== 'down');
}

/** Starts one instance on a free port; resolves once it listens. */
export function startInstance(
  prefix: string,
  env: Record<string, string> = {},
  main = CLUSTER_MAIN,
  ready = /READY http:\/\/127\.0\.0\.1:(\d+)\//,
): Promise<Instance> {
  if (!existsSync(main)) {
    throw new Error(`${main} is missing: run "npm run build" before the cluster e2e specs`);
  }
  const child = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: {
      ...process.env,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      MCP_REQUEST_STATE_KEYS: TEST_REQUEST_STATE_KEY,
      PORT: '0',
      NO_COLOR: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  return new Promise((resolve, reject) => {
    let out = '';
    const stdout: string[] = [];
    const timer = setTimeout(
      () => {
        child.kill('SIGKILL'); // never left running behind a failed start
        reject(new Error(`instance did not start: ${stderr.join('')}`));
      },
      // A loaded CI machine (conformance runs beside the suite) once took longer than 20 s, and
      // a two-core machine shared with other runs more than 45 s; still inside the
      // CLUSTER_START_MS the specs give their start-up.
      INSTANCE_START_MS,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout.push(chunk.toString());
      out += chunk.toString();
      const match = ready.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ port: Number(match[1]), process: child, stderr, stdout });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`instance exited with ${code}: ${stderr.join('')}`));
    });
  });
}

/** Three instances of the cluster sample on one Redis key prefix, behind a round-robin proxy. */
export interface Cluster {
  readonly instances: Instance[];
  readonly proxy: RoundRobinProxy;
  /** The proxy's MCP endpoint. */
  readonly mcpUrl: URL;
  readonly prefix: string;
  /** SIGKILLs one instance and takes it out of the proxy's rotation. */
  kill(instance: Instance): Promise<void>;
  close(): Promise<void>;
}

/** A cluster on a Redis deployment it started for itself ({@link startCluster}'s `on`). */
export interface ClusterOn<K extends RedisKind> extends Cluster {
  /** The private deployment; stopped by `close()` after the instances. */
  readonly redis: RedisDeployments[K];
}

/** Which private Redis deployment {@link startCluster} starts first (`redisArgs`: of a `private` one). */
export interface RedisOn<K extends RedisKind> {
  readonly redis: K;
  readonly redisArgs?: string[];
}

/**
 * Starts `count` instances (default 3) and the proxy. On the shared test Redis by default, under
 * a key prefix of their own (removed by `close()`); `env` may name another Redis deployment
 * (`REDIS_CLUSTER_NODES`, `REDIS_SENTINELS` + `REDIS_SENTINEL_NAME`, a private `REDIS_URL`); with
 * `on`, a private deployment of that kind is started first and named to the instances (see
 * ./redis-deployments.ts), and `close()` stops it after them.
 */
export async function startCluster(count?: number, env?: Record<string, string>): Promise<Cluster>;
export async function startCluster<K extends RedisKind>(
  count: number,
  env: Record<string, string>,
  on: RedisOn<K>,
): Promise<ClusterOn<K>>;
export async function startCluster(
  count = 3,
  env: Record<string, string> = {},
  on?: RedisOn<RedisKind>,
): Promise<Cluster> {
  const deployment = on && (await startRedisDeployment(on.redis, on.redisArgs));
  try {
    const cluster = await startInstances(count, { ...deployment?.env, ...env });
    if (!deployment) return cluster;
    const withRedis: ClusterOn<RedisKind> = {
      ...cluster,
      redis: deployment.redis,
      close: async () => {
        await cluster.close();
        await deployment.stop();
      },
    };
    return withRedis;
  } catch (error) {
    await deployment?.stop(); // none left behind a failed start
    throw error;
  }
}

/**
 * Starts instances side by side (`starts`, one per instance); when one fails to start, kills those
 * that did (none is left running behind a failed start) and throws its error.
 */
export async function startSideBySide(
  starts: ReadonlyArray<() => Promise<Instance>>,
): Promise<Instance[]> {
  const started = await Promise.allSettled(starts.map((start) => start()));
  const instances = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    for (const instance of instances) instance.process.kill('SIGKILL');
    throw failed.reason;
  }
  return instances;
}

async function startInstances(count: number, env: Record<string, string>): Promise<Cluster> {
  const prefix = `mcp-e2e:${randomUUID()}:`;
  const shared = Object.keys(env).every((name) => !name.startsWith('REDIS_'));
  const instances = await startSideBySide(
    Array.from({ length: count }, () => () => startInstance(prefix, env)),
  );
  const proxy = await startRoundRobinProxy(instances.map((i) => i.port));
  const stop = (instance: Instance, signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (instance.process.exitCode !== null || instance.process.signalCode !== null)
        return resolve();
      instance.process.once('exit', () => resolve());
      instance.process.kill(signal);
    });
  return {
    instances,
    proxy,
    prefix,
    mcpUrl: new URL('/mcp', proxy.url),
    kill: async (instance) => {
      proxy.upstreams = proxy.upstreams.filter((port) => port !== instance.port);
      await stop(instance, 'SIGKILL');
    },
    close: async () => {
      await proxy.close();
      await Promise.all(instances.map((i) => stop(i, 'SIGTERM')));
      if (shared) await deleteTestKeys(prefix); // a private deployment is removed whole
    },
  };
}

/**
 * A 2026-07-28 McpClient (no standalone stream) answering the sample's `askTwice` tool: "Lin"
 * to the first question, "Yutang" to "Last name?", so a call returns `Lin Yutang on instance:N`.
 */
export function askTwiceClient(mcpUrl: URL): McpClient {
  return new McpClient({
    transport: new StreamableHttpClientTransport(mcpUrl, { standaloneStream: false }),
    elicitation: (params) => ({
      action: 'accept',
      content: { name: params.message === 'Last name?' ? 'Yutang' : 'Lin' },
    }),
  });
}

/** What {@link useCluster} gives a `describe` block. */
export interface ClusterFixture<C extends Cluster = Cluster> {
  /** The running cluster (set before the block's first test). */
  readonly cluster: C;
  /** Clients a test opens; each is closed after the test. */
  readonly clients: TestClient[];
  /** Connects an official SDK client through the proxy and tracks it in {@link clients}. */
  connect(...args: Parameters<typeof connectClient>): Promise<TestClient>;
}

/**
 * Starts `count` instances (see {@link startCluster}, `on` included) before the enclosing
 * `describe` block's tests and stops them (and the Redis it started) after; the clients tracked in
 * `clients` are closed after each test.
 */
export function useCluster(count?: number, env?: Record<string, string>): ClusterFixture;
export function useCluster<K extends RedisKind>(
  count: number,
  env: Record<string, string>,
  on: RedisOn<K>,
): ClusterFixture<ClusterOn<K>>;
export function useCluster(
  count = 3,
  env: Record<string, string> = {},
  on?: RedisOn<RedisKind>,
): ClusterFixture {
  let cluster: Cluster | undefined;
  const clients: TestClient[] = [];
  beforeAll(async () => {
    cluster = on ? await startCluster(count, env, on) : await startCluster(count, env);
  }, CLUSTER_START_MS);
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close().catch(() => undefined)));
  });
  afterAll(async () => {
    await cluster?.close();
  });
  return {
    get cluster() {
      if (!cluster) throw new Error('useCluster: the cluster is not started yet');
      return cluster;
    },
    clients,
    async connect(...args) {
      const client = await connectClient(...args);
      clients.push(client);
      return client;
    },
  };
}
