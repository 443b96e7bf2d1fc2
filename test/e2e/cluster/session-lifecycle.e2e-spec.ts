import { McpClient, StreamableHttpClientTransport } from '../../../lib/index.js';
import { RedisConnection } from '../../../lib/stores/redis/redis-connection.js';
import { TEST_REDIS_URL } from '../../support/redis.js';
import { connectClient } from '../support/client.js';
import {
  initializeRawSession,
  initializeRequest,
  jsonBody,
  postJson,
  rawId,
  rawRequest,
  rpcMessages,
  type RawSession,
} from '../support/raw-http.js';
import { waitFor } from '../support/wait.js';
import {
  startCluster,
  storesUp,
  useCluster,
  type Cluster,
  type ClusterOn,
  type Instance,
  CLUSTER_START_MS,
} from './support/cluster.js';
import { describeWithRedis } from './support/redis-deployments.js';

import.meta.jest.setTimeout(60_000);

const textOf = (result: unknown) =>
  (result as { content: Array<{ text: string }> }).content[0]?.text ?? '';
const urlOf = (instance: Instance) => new URL(`http://127.0.0.1:${instance.port}/mcp`);
const call = (name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id: rawId(),
  method: 'tools/call',
  params: { name, arguments: args },
});
const stats = async (instance: Instance) =>
  jsonBody<{ sessions: number; cancelled: number }>(
    await rawRequest(new URL(`http://127.0.0.1:${instance.port}/debug/stats`), { method: 'GET' }),
  );
/** Handlers aborted by a cancellation, over every instance. */
const cancelledOn = async (cluster: Cluster) =>
  (await Promise.all(cluster.instances.map(stats))).reduce((n, s) => n + s.cancelled, 0);
const untilCancelled = (cluster: Cluster, before: number) =>
  waitFor(async () => (await cancelledOn(cluster)) > before, {
    timeoutMs: 15_000,
    intervalMs: 100,
    description: 'the handler to be aborted',
  });
/** McpClient in the 2025 era (a session), through `url`, without a GET stream. */
async function legacyMcpClient(url: URL): Promise<McpClient> {
  const client = new McpClient({
    transport: new StreamableHttpClientTransport(url, { standaloneStream: false }),
    protocolVersion: '2025-11-25',
  });
  await client.connect();
  return client;
}
/** Answers a session's `tools/call whoami` on every instance, in order (status per instance). */
const statusOnEach = (cluster: Cluster, session: RawSession) =>
  Promise.all(
    cluster.instances.map(
      async (i) =>
        (await postJson(urlOf(i), call('whoami', { text: 'x' }), session.headers)).status,
    ),
  );

/**
 * One session lifecycle across three real instances of `sample/10-cluster` on one Redis: the
 * record is the truth, every instance answers the same for a session (issue 23, items 3, 4, 5).
 */
describe('session lifecycle across instances', () => {
  const fx = useCluster(3);
  const { clients } = fx;

  it('a request right after initialize, on another instance, never gets 404', async () => {
    const [a, b, c] = fx.cluster.instances;
    const failures: string[] = [];
    // 20 handshakes at once per round (as a loaded client pool does), 10 rounds.
    const handshake = async (i: number) => {
      const init = await postJson(urlOf(a!), initializeRequest());
      const headers = {
        'mcp-session-id': init.headers['mcp-session-id'] as string,
        'mcp-protocol-version': '2025-11-25',
      };
      const next = await Promise.all(
        [b!, c!].map((other) =>
          postJson(urlOf(other), { jsonrpc: '2.0', method: 'notifications/initialized' }, headers),
        ),
      );
      for (const reply of next)
        if (reply.status !== 202) failures.push(`${i}: ${reply.status} ${reply.text}`);
    };
    for (let round = 0; round < 10; round++) {
      await Promise.all(Array.from({ length: 20 }, (_, i) => handshake(round * 20 + i)));
    }
    expect(failures).toEqual([]);
  });

  it('DELETE through one instance ends the session on every instance (404 everywhere)', async () => {
    const session = await initializeRawSession(urlOf(fx.cluster.instances[0]!));
    expect(await statusOnEach(fx.cluster, session)).toEqual([200, 200, 200]); // a live copy on each
    const deleted = await rawRequest(urlOf(fx.cluster.instances[1]!), {
      method: 'DELETE',
      headers: session.headers,
    });
    expect(deleted.status).toBe(200);
    expect(await statusOnEach(fx.cluster, session)).toEqual([404, 404, 404]);
  });

  it('a lost record (Redis emptied) gets the same answer on every instance, and stays ended', async () => {
    const session = await initializeRawSession(urlOf(fx.cluster.instances[0]!));
    expect(await statusOnEach(fx.cluster, session)).toEqual([200, 200, 200]);
    const redis = await RedisConnection.open({ url: TEST_REDIS_URL, keyPrefix: fx.cluster.prefix });
    try {
      expect(await redis.client.del(redis.key('session', session.sessionId))).toBe(1);
    } finally {
      redis.close();
    }
    for (let round = 0; round < 2; round++) {
      expect(await statusOnEach(fx.cluster, session)).toEqual([404, 404, 404]);
    }
  });

  it('forged and foreign session ids get the same answer on every instance', async () => {
    const forged = { 'mcp-session-id': 'f0rged-session', 'mcp-protocol-version': '2025-11-25' };
    expect(
      await statusOnEach(fx.cluster, { sessionId: 'x', protocolVersion: '', headers: forged }),
    ).toEqual([404, 404, 404]);
    const init = await postJson(urlOf(fx.cluster.instances[0]!), initializeRequest(), {
      'x-user': 'alice',
    });
    const headers = {
      'mcp-session-id': init.headers['mcp-session-id'] as string,
      'mcp-protocol-version': '2025-11-25',
      'x-user': 'mallory',
    };
    expect(await statusOnEach(fx.cluster, { sessionId: '', protocolVersion: '', headers })).toEqual(
      [403, 403, 403],
    );
  });

  it("ctx.session.state is the session's: a counter through the balancer reads 1, 2, 3, 4 (SDK v1)", async () => {
    const test = await connectClient(fx.cluster.mcpUrl);
    clients.push(test);
    const counts: string[] = [];
    const served = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const [n, on] = textOf(await test.client.callTool({ name: 'count', arguments: {} })).split(
        ' on ',
      );
      counts.push(n!);
      served.add(on!);
    }
    expect(counts).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(served.size).toBe(3);
  });

  it('ctx.session.state with McpClient (2025 era through the balancer)', async () => {
    const client = await legacyMcpClient(fx.cluster.mcpUrl);
    try {
      const counts: string[] = [];
      for (let i = 0; i < 4; i++)
        counts.push(textOf(await client.callTool('count', {})).split(' ')[0]!);
      expect(counts).toEqual(['1', '2', '3', '4']);
    } finally {
      await client.close();
    }
  });

  it('an oversized state fails its call with a clear error and leaves the stored state as it was', async () => {
    const session = await initializeRawSession(fx.cluster.mcpUrl);
    const count = async () =>
      rpcMessages(await postJson(fx.cluster.mcpUrl, call('count'), session.headers))[0];
    expect(textOf((await count())!.result)).toMatch(/^1 on/);
    const [hoard] = rpcMessages(
      await postJson(fx.cluster.mcpUrl, call('hoard', { bytes: 2_000_000 }), session.headers),
    );
    expect(hoard!.error).toMatchObject({ code: -32603 });
    expect((hoard!.error as { message: string }).message).toMatch(/session state.*bytes/i);
    for (let i = 2; i <= 4; i++)
      expect(textOf((await count())!.result)).toMatch(new RegExp(`^${i} on`));
  });

  it('notifications/cancelled sent through another instance aborts the running handler (SDK v1)', async () => {
    const test = await connectClient(fx.cluster.mcpUrl);
    clients.push(test);
    const before = await cancelledOn(fx.cluster);
    const abort = new AbortController();
    const running = test.client
      .callTool({ name: 'wait', arguments: {} }, undefined, { signal: abort.signal })
      .catch((error: Error) => error);
    await new Promise((r) => setTimeout(r, 500));
    abort.abort('changed my mind'); // the SDK POSTs notifications/cancelled: the next instance
    expect(await running).toBeInstanceOf(Error);
    await untilCancelled(fx.cluster, before);
  });

  it('notifications/cancelled through another instance aborts the handler (McpClient, 2025 era)', async () => {
    const client = await legacyMcpClient(fx.cluster.mcpUrl);
    try {
      const before = await cancelledOn(fx.cluster);
      const abort = new AbortController();
      const running = client.callTool('wait', {}, { signal: abort.signal }).catch((e: Error) => e);
      await new Promise((r) => setTimeout(r, 500));
      abort.abort();
      expect(await running).toBeInstanceOf(Error);
      await untilCancelled(fx.cluster, before);
    } finally {
      await client.close();
    }
  });
});

/**
 * Issue 23 item 11: an instance keeps live copies only of the sessions it served recently (here
 * within 4 s); any instance reloads a session from its record on demand. With S sessions over
 * N instances each then holds about S/N copies.
 */
describe('live copies as a cache: memory shrinks as instances grow', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster(3, { LIVE_COPY_IDLE_MS: '4000' });
  }, CLUSTER_START_MS);
  afterAll(async () => {
    await cluster?.close();
  });
  const counts = async () =>
    (await Promise.all(cluster.instances.map(stats))).map((s) => s.sessions);

  it('with 30 sessions on 3 instances, each instance holds 10 live copies', async () => {
    const sessions: RawSession[] = [];
    for (let i = 0; i < 30; i++) {
      const session = await initializeRawSession(cluster.mcpUrl); // two requests, two instances
      expect(
        (await postJson(cluster.mcpUrl, call('whoami', { text: 'x' }), session.headers)).status,
      ).toBe(200);
      sessions.push(session);
    }
    // Each request left a copy where it landed: more than S/N per instance until they go idle.
    expect(Math.max(...(await counts()))).toBeGreaterThan(10);
    await waitFor(async () => (await counts()).every((n) => n === 0), {
      timeoutMs: 20_000,
      intervalMs: 250,
      description: 'idle live copies to be dropped',
    });
    for (const session of sessions) {
      const reply = await postJson(cluster.mcpUrl, call('count'), session.headers);
      expect(textOf(rpcMessages(reply)[0]!.result)).toMatch(/^1 on/); // reloaded from the record
    }
    expect(await counts()).toEqual([10, 10, 10]);
  });
});

/**
 * Issue 23 item 5 with a real restart: a private Redis restarted empty under three instances,
 * two of which hold a live copy of the session. Before: 200 on those two, 404 on the third; with
 * the copies rewriting their records unchecked, 404 then 200 on the same instance.
 */
describeWithRedis('a Redis restarted empty under the instances', () => {
  let cluster: ClusterOn<'private'>;
  beforeAll(async () => {
    cluster = await startCluster(3, {}, { redis: 'private' });
  }, CLUSTER_START_MS);
  afterAll(async () => {
    await cluster?.close();
  });

  it('gets the same answer on every instance, every time', async () => {
    const [a, b] = cluster.instances;
    const session = await initializeRawSession(urlOf(a!)); // notifications/initialized on A too
    expect((await postJson(urlOf(b!), call('whoami', { text: 'x' }), session.headers)).status).toBe(
      200,
    );
    cluster.redis.stop();
    cluster.redis.start(); // empty: no session record any more
    let answers: number[] = [];
    await waitFor(
      async () => {
        // Every instance reconnected: its stores answer (an instance still in its run of Redis
        // failures serves its live copy without the store, 200, while one that reconnected
        // first may have ended the session: the answers agree once all are back) and no 503.
        const up = await Promise.all(cluster.instances.map(storesUp));
        if (!up.every(Boolean)) return false;
        answers = await statusOnEach(cluster, session);
        return !answers.includes(503);
      },
      { timeoutMs: 20_000, intervalMs: 250, description: 'the instances to reconnect' },
    );
    // The store arbitrates (docs/guide/deployment-cluster.md): a live copy restores the record as
    // its instance reconnects (200 everywhere), unless a request reached an instance without a
    // copy first and ended the session (404 everywhere). Never both, never changing afterwards.
    expect(new Set(answers).size).toBe(1);
    expect([200, 404]).toContain(answers[0]);
    for (let round = 0; round < 3; round++) {
      expect(await statusOnEach(cluster, session)).toEqual(answers);
    }
  });
});
