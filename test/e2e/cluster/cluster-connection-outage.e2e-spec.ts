import { get, type IncomingHttpHeaders } from 'node:http';
import { initializeRawSseSession, type RawSseSession } from '../sse/support/raw-sse.js';
import { RawSocket } from '../websocket/support/raw-socket.js';
import { waitFor, within } from '../support/wait.js';
import {
  startCluster,
  type ClusterOn,
  type Instance,
  CLUSTER_START_MS,
} from './support/cluster.js';
import { describeWithRedis } from './support/redis-deployments.js';

/**
 * Issue 38, connection leases when Redis is gone: WebSocket and legacy SSE admission counts in
 * Redis (`limits.connectionLeaseMs`). With the private redis-server stopped, a new connection is
 * refused cleanly (WebSocket 1013, SSE 503 with Retry-After and a JSON-RPC error), the outage is
 * logged once, and the connections already open go on serving past their lease; once Redis is
 * back, new connections are admitted again. One real process of `sample/10-cluster`.
 */
import.meta.jest.setTimeout(120_000);

const LEASE_MS = 3000;

describeWithRedis('connection admission while Redis is down', () => {
  let cluster: ClusterOn<'private'>;
  let instance: Instance;
  const opened: RawSocket[] = [];
  const streams: RawSseSession[] = [];
  const origin = () => `http://127.0.0.1:${instance.port}`;
  const wsUrl = () => new URL('/ws', origin().replace('http', 'ws'));
  const sseUrl = () => new URL('/sse', origin());
  const output = () => [...instance.stdout, ...instance.stderr].join('');

  /** A socket served (initialize answered), or how it closed. */
  const tryWs = async () => {
    const socket = await RawSocket.open(wsUrl());
    opened.push(socket);
    const served = socket.initialize().then(
      () => 'served' as const,
      () => socket.closed,
    );
    return within(Promise.race([served, socket.closed]), 10_000, 'the socket served or closed');
  };
  /** GET on the SSE path; a refusal is read whole, a stream that opens is ended at once. */
  const getSse = () =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        const req = get(sseUrl(), { headers: { accept: 'text/event-stream' } }, (res) => {
          if (res.statusCode === 200) {
            resolve({ status: 200, headers: res.headers, body: '' });
            req.destroy();
            return;
          }
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        });
        req.on('error', reject);
      },
    );

  beforeAll(async () => {
    cluster = await startCluster(
      1,
      { MCP_WEBSOCKET: '1', MCP_LIMITS: JSON.stringify({ connectionLeaseMs: LEASE_MS }) },
      { redis: 'private' },
    );
    instance = cluster.instances[0]!;
  }, CLUSTER_START_MS);
  afterAll(async () => {
    for (const socket of opened) socket.ws.terminate();
    for (const stream of streams) stream.stream.abort();
    await cluster?.close();
  });

  it('refuses new WebSocket and SSE connections cleanly, logs once, and keeps the open ones', async () => {
    expect(await tryWs()).toBe('served');
    const socket = opened[0]!;
    const stream = await initializeRawSseSession(sseUrl());
    streams.push(stream);

    cluster.redis.stop();
    await waitFor(async () => /Redis connection to .* lost/.test(output()), {
      description: 'the outage to be noticed',
      timeoutMs: 15_000,
      intervalMs: 100,
    });

    // New connections: a clean refusal, shaped like a full cap (retry later).
    expect(await tryWs()).toMatchObject({ code: 1013 });
    const refused = await getSse();
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBeDefined();
    // The shape of every store refusal over HTTP: 503, Retry-After, -32603 with a log reference.
    expect(JSON.parse(refused.body)).toMatchObject({
      jsonrpc: '2.0',
      error: { code: -32603, message: expect.stringMatching(/unavailable.*\(ref [0-9a-f]+\)/) },
    });

    // Past the lease it can no longer renew, the open connections still serve.
    await new Promise((resolve) => setTimeout(resolve, 1.5 * LEASE_MS));
    const listed = await socket.request<{ result?: { tools: unknown[] } }>(1, 'tools/list');
    expect(listed.result?.tools.length).toBeGreaterThan(0);
    await stream.post({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const [answer] = (await stream.readUntil((m) => m.id === 2)).slice(-1);
    expect(answer).toMatchObject({ id: 2, result: { tools: expect.any(Array) } });
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);

    // The outage is logged once (not once per refused connection), never as an unhandled error.
    expect(output().match(/Redis connection to .* lost/g)).toHaveLength(1);
    expect(output()).not.toMatch(/Unhandled|ExceptionsHandler/);

    cluster.redis.start();
    await waitFor(async () => (await tryWs()) === 'served', {
      description: 'new connections admitted once Redis is back',
      timeoutMs: 20_000,
      intervalMs: 300,
    });
    expect((await getSse()).status).toBe(200);
  });
});
