import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { deleteTestKeys } from '../../support/redis.js';
import { connectClient, type TestClient } from '../support/client.js';
import { waitFor } from '../support/wait.js';
import { startInstance, type Instance, CLUSTER_START_MS } from './support/cluster.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './support/round-robin-proxy.js';

/**
 * Issue 38 row 1 "deploys finish": a rolling restart of 3 real processes of `sample/10-cluster`
 * behind a round-robin proxy, under a bounded load of SDK clients (calls in flight when the
 * signal comes, some clients with their GET stream open and notifications announced to it).
 * Each instance in turn gets SIGTERM and must exit on its own within its drain window
 * (`drainTimeoutMs`, 5 s by default) plus 2 s; a new one takes its place. What the clients see:
 * every failed request a clean 503 with `Retry-After` (no 502, no reply cut mid-way by a closed
 * connection), every notification announced to a session reaches its client, which resumes its
 * GET stream on another instance. The proxy sends a request whose connection was refused (nothing
 * reached the instance) to the next one, as balancers do by default. Before: an instance kept
 * answering keep-alive requests with Redis already closed and never exited.
 */
// Three replacements start during the test (each up to its start-up ceiling on a loaded machine).
import.meta.jest.setTimeout(600_000);

/** The sample's drain window (the default `drainTimeoutMs`) plus the 2 s the exit may take. */
const EXIT_BOUND_MS = 5000 + 2000;
const CLIENTS = 6;
/** Clients keeping their GET stream open and receiving `acme/tick` notifications. */
const STREAMING = 3;

/** What one load client saw. */
interface Load {
  test: TestClient;
  /** Calls completed with a result. */
  ok: number;
  /** Calls that failed: the error of each. */
  failed: unknown[];
  /** `acme/tick` notifications announced to this client's session by calls that returned. */
  announced: Set<string>;
  /** The ticks received on the GET stream. */
  received: Set<string>;
  /** Every HTTP answer that was not 2xx: status and Retry-After. */
  refusals: { method: string; status: number; retryAfter: string | null }[];
  /** Requests whose fetch itself failed (a reset connection), with the error. */
  resets: string[];
}

describe('rolling restart under load (3 instances, SIGTERM each in turn)', () => {
  const prefix = `mcp-e2e:${randomUUID()}:`;
  const instances: Instance[] = [];
  let proxy: RoundRobinProxy;
  const loads: Load[] = [];
  let stopping = false;

  beforeAll(async () => {
    instances.push(...(await Promise.all([0, 1, 2].map(() => startInstance(prefix)))));
    proxy = await startRoundRobinProxy(
      instances.map((i) => i.port),
      { retryRefused: true },
    );
  }, CLUSTER_START_MS);

  afterAll(async () => {
    stopping = true;
    await Promise.all(loads.map((load) => load.test.close().catch(() => undefined)));
    await proxy?.close();
    await Promise.all(
      instances.map(
        (i) =>
          new Promise<void>((resolve) => {
            if (i.process.exitCode !== null || i.process.signalCode !== null) return resolve();
            i.process.once('exit', () => resolve());
            i.process.kill('SIGKILL');
          }),
      ),
    );
    await deleteTestKeys(prefix);
  });

  async function connect(n: number): Promise<Load> {
    const load: Load = {
      ok: 0,
      failed: [],
      announced: new Set(),
      received: new Set(),
      refusals: [],
      resets: [],
    } as Omit<Load, 'test'> as Load;
    const recording: typeof fetch = async (input, init) => {
      try {
        const response = await fetch(input, init);
        if (!response.ok && !stopping) {
          load.refusals.push({
            method: init?.method ?? 'GET',
            status: response.status,
            retryAfter: response.headers.get('retry-after'),
          });
        }
        return response;
      } catch (error) {
        if (!stopping && !init?.signal?.aborted) load.resets.push(String(error));
        throw error;
      }
    };
    const streaming = n < STREAMING;
    const test = await connectClient(new URL('/mcp', proxy.url), {
      fetch: recording,
      setup: (client: Client) => {
        client.fallbackNotificationHandler = async (notification) => {
          if (notification.method !== 'acme/tick') return;
          const { tag, n: tick } = notification.params as { tag: string; n: number };
          load.received.add(`${tag}#${tick}`);
        };
      },
    });
    if (streaming) await test.standaloneStream;
    return Object.assign(load, { test });
  }

  /** One client's loop: a slow call (in flight at the signal), a quick one, an announcement. */
  async function run(load: Load, n: number): Promise<void> {
    for (let round = 0; !stopping; round++) {
      const calls: [string, Record<string, unknown>][] = [
        ['slow', { steps: 2, delayMs: 150 }],
        ['whoami', { text: `c${n}` }],
      ];
      const tag = `c${n}-${round}`;
      if (n < STREAMING) calls.push(['announce', { tag, count: 3 }]);
      for (const [name, args] of calls) {
        if (stopping) return;
        try {
          const result = await load.test.client.callTool({ name, arguments: args });
          if (result.isError) throw new Error(JSON.stringify(result.content));
          load.ok++;
          if (name === 'announce') for (let t = 1; t <= 3; t++) load.announced.add(`${tag}#${t}`);
        } catch (error) {
          if (!stopping) load.failed.push(error);
        }
      }
    }
  }

  /** Resolves true when `instance` exited within the bound, false when it had to be killed. */
  async function terminate(instance: Instance): Promise<boolean> {
    const exited = new Promise<void>((resolve) => instance.process.once('exit', () => resolve()));
    instance.process.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), EXIT_BOUND_MS);
    });
    const onItsOwn = await Promise.race([exited.then(() => true as const), bound]);
    clearTimeout(timer);
    if (!onItsOwn) {
      instance.process.kill('SIGKILL');
      await exited;
    }
    return onItsOwn;
  }

  const completed = () => loads.reduce((sum, load) => sum + load.ok, 0);

  it('each instance exits on its own, clients see only clean 503s and lose no notification', async () => {
    for (let n = 0; n < CLIENTS; n++) loads.push(await connect(n));
    const running = loads.map((load, n) => run(load, n));
    const needingKill: number[] = [];
    for (let turn = 0; turn < 3; turn++) {
      // Some load through every instance before each signal.
      const before = completed();
      await waitFor(() => completed() >= before + 3 * CLIENTS, {
        timeoutMs: 30_000,
        description: 'calls before the restart',
      });
      const old = instances[turn]!;
      if (!(await terminate(old))) needingKill.push(turn);
      const replacement = await startInstance(prefix);
      instances.push(replacement);
      // The balancer learns the new instance; until then refused connections go to the others.
      proxy.upstreams = proxy.upstreams.map((port) =>
        port === old.port ? replacement.port : port,
      );
    }
    const before = completed();
    await waitFor(() => completed() >= before + 3 * CLIENTS, {
      timeoutMs: 30_000,
      description: 'calls after the last restart',
    });
    // Every notification announced by a call that returned reaches its client (resumed streams).
    await waitFor(
      () =>
        loads.every((load) => [...load.announced].every((tick) => load.received.has(tick))) ||
        undefined,
      { timeoutMs: 15_000, description: 'the announced notifications' },
    ).catch(() => undefined);
    stopping = true;
    await Promise.all(running);

    // For the record (the report of issue 38): what the proxy had to do.
    console.log(`rolling restart: ${completed()} calls, proxy ${JSON.stringify(proxy.failures)}`);
    const lost = loads.flatMap((load) =>
      [...load.announced].filter((tick) => !load.received.has(tick)),
    );
    const refusals = loads.flatMap((load) => load.refusals);
    // The SDK's StreamableHTTPError carries the HTTP status as `code`.
    const failed = loads.flatMap((load) =>
      load.failed.map((error) => ({
        status: (error as { code?: unknown }).code,
        error: String(error),
      })),
    );
    expect({
      needingKill,
      badGateway: proxy.failures.badGateway,
      cut: proxy.failures.cut,
      resets: loads.flatMap((load) => load.resets),
      unclean: refusals.filter((r) => r.status !== 503 || r.retryAfter === null),
      failedNot503: failed.filter((failure) => failure.status !== 503),
      lost,
    }).toEqual({
      needingKill: [],
      badGateway: 0,
      cut: 0,
      resets: [],
      unclean: [],
      failedNot503: [],
      lost: [],
    });
    // The load ran through every restart: calls completed and notifications arrived.
    expect(completed()).toBeGreaterThan(9 * CLIENTS);
    expect(loads.slice(0, STREAMING).every((load) => load.received.size > 0)).toBe(true);
  });
});
