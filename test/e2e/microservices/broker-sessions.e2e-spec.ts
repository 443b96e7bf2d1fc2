import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { connect, headers as natsHeaders } from '@nats-io/transport-node';
import { BrokerClientTransport, McpClient, McpClientManager } from '../../../lib/index.js';
import type { TestClient } from '../support/client.js';
import { waitFor } from '../support/wait.js';
import { startTestGateway } from './support/test-gateway.js';
import { clientAs } from './support/session-client.js';
import { CLAIM_KEY } from './support/service-app.js';
import { seen, startSessionReplica, type SessionReplica } from './support/session-service.js';

const NATS = 'nats://127.0.0.1:4222';
const AMQP = 'amqp://guest:guest@127.0.0.1:5672';
const RUN = `e2e-sessions-${process.pid}-${Date.now()}`;
const SUBJECT = `mcp.${RUN}.shop`;
const QUEUE = `mcp.${RUN}.shop`;

const textOf = (result: object) =>
  (result as { content: Array<{ text?: string }> }).content.map((c) => c.text ?? '').join('');

/**
 * 2025-11-25 sessions across the broker hop: an official SDK v1 client talks Streamable HTTP to a
 * gateway, whose upstream `shop` lives in two NATS replicas (one queue group) reached in the
 * 2025 era, so the tools' progress, elicitation, sampling and cancellation cross the hop as
 * session messages.
 */
describe('2025-era sessions over NATS (SDK client → gateway → service)', () => {
  const replicas: SessionReplica[] = [];
  let gateway: INestApplication;
  let url: URL;
  let alice: TestClient;

  beforeAll(async () => {
    replicas.push(await startSessionReplica('a', { nats: { servers: NATS, subject: SUBJECT } }));
    replicas.push(await startSessionReplica('b', { nats: { servers: NATS, subject: SUBJECT } }));
    ({ app: gateway, url } = await startTestGateway(
      {
        mcpServers: {
          shop: { transport: { nats: { servers: NATS, subject: SUBJECT } }, livenessMs: 1500 },
        },
        // The services serve both eras; the gateway asks for a session.
        client: { versionNegotiation: 'legacy' },
        principalClaims: { key: CLAIM_KEY },
      },
      4,
    ));
    alice = await clientAs(url, 'alice');
  }, 30_000);

  afterAll(async () => {
    await alice?.close();
    await gateway?.close();
    await Promise.all(replicas.map((r) => r.close().catch(() => {})));
  });

  it('reaches the service in a 2025-era session, served by one replica', async () => {
    const manager = gateway.get(McpClientManager);
    expect(manager.get('shop').protocolVersion).toBe('2025-11-25');
    const served = new Set<string>();
    for (let i = 0; i < 8; i++) {
      served.add(textOf(await alice.client.callTool({ name: 'shop__whoami', arguments: {} })));
    }
    expect(served.size).toBe(1);
    const holder = replicas.filter((r) => r.strategy.sessionCount === 1);
    expect(holder).toHaveLength(1);
  });

  it("relays the service's progress and elicitation to the HTTP client, with the caller as principal", async () => {
    const progress: Progress[] = [];
    const result = await alice.client.callTool(
      { name: 'shop__order', arguments: { item: 'tea' } },
      undefined,
      { onprogress: (p) => progress.push(p) },
    );
    expect(textOf(result)).toMatch(
      /^tea: ordered \(replica [ab], caller sub:alice, session yes\)$/,
    );
    expect(progress.map((p) => [p.progress, p.total, p.message])).toEqual([
      [1, 3, 'checking stock'],
      [2, 3, 'ordering'],
      [3, 3, 'done'],
    ]);
    const bob = await clientAs(url, 'bob', false);
    try {
      const declined = await bob.client.callTool({
        name: 'shop__order',
        arguments: { item: 'tea' },
      });
      expect(textOf(declined)).toMatch(/^tea: not ordered \(replica [ab], caller sub:bob,/);
    } finally {
      await bob.close();
    }
  });

  it('asks the elicitation of a call of the client that made that call, not of the latest call in flight', async () => {
    const bob = await clientAs(url, 'bob', false);
    try {
      const started = seen.waiting.length;
      // Alice's call elicits after a while; meanwhile Bob's call is the latest in flight.
      const order = alice.client.callTool({
        name: 'shop__order',
        arguments: { item: 'jam', delayMs: 1500 },
      });
      const abort = new AbortController();
      const waiting = bob.client
        .callTool({ name: 'shop__waitForCancel', arguments: {} }, undefined, {
          signal: abort.signal,
        })
        .catch(() => 'cancelled');
      await waitFor(() => seen.waiting.length > started, { description: "Bob's call started" });
      // Alice confirms, Bob would decline: the answer says whose client was asked.
      expect(textOf(await order)).toMatch(/^jam: ordered \(replica [ab], caller sub:alice,/);
      abort.abort('done');
      await waiting;
    } finally {
      await bob.close();
    }
  });

  it("relays the service's sampling request to the HTTP client", async () => {
    const result = await alice.client.callTool({ name: 'shop__haiku', arguments: {} });
    expect(textOf(result)).toBe('subjects drift like leaves');
  });

  it("carries a cancellation to the service's handler, whose AbortSignal fires", async () => {
    const before = seen.aborted.length;
    const started = seen.waiting.length;
    const abort = new AbortController();
    const call = alice.client.callTool({ name: 'shop__waitForCancel', arguments: {} }, undefined, {
      signal: abort.signal,
    });
    const rejected = expect(call).rejects.toThrow();
    await waitFor(() => seen.waiting.length > started, { description: 'the handler started' });
    abort.abort('the user gave up');
    await rejected;
    await waitFor(() => seen.aborted.length > before, {
      timeoutMs: 5000,
      description: "the service handler's signal fired",
    });
    expect(seen.aborted[before]!.replica).toBe(seen.waiting[started]);
  });

  it('answers a message of an unknown session with "Session not found"', async () => {
    const nc = await connect({ servers: NATS });
    try {
      const h = natsHeaders();
      h.set('mcp-session-id', 'no-such-session');
      const request = { jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} };
      const reply = await nc.request(SUBJECT, JSON.stringify(request), {
        timeout: 2000,
        headers: h,
      });
      expect(reply.json()).toMatchObject({
        id: 3,
        error: { code: -32600, message: 'Session not found' },
      });
    } finally {
      await nc.close();
    }
  });
});

/**
 * The same over RabbitMQ, with `McpClient` on `BrokerClientTransport` directly: the session's
 * messages go to the replica's own queue, and `close()` ends the session there.
 */
describe('2025-era sessions over RabbitMQ (McpClient → service)', () => {
  let replica: SessionReplica;

  beforeAll(async () => {
    replica = await startSessionReplica('rmq', { rabbitmq: { url: AMQP, queue: QUEUE } });
  }, 30_000);

  afterAll(async () => {
    await replica?.close();
  });

  it('elicits and reports progress in a session, and ends it on close', async () => {
    const client = new McpClient({
      transport: BrokerClientTransport.to({ rabbitmq: { url: AMQP, queue: QUEUE } }),
      versionNegotiation: 'legacy',
      elicitation: () => ({ action: 'accept', content: { confirm: true } }),
    });
    await client.connect();
    try {
      expect(client.protocolVersion).toBe('2025-11-25');
      expect(replica.strategy.sessionCount).toBe(1);
      const steps: number[] = [];
      const result = await client.callTool(
        'order',
        { item: 'rice' },
        { onProgress: ({ progress }) => steps.push(progress) },
      );
      expect(textOf(result)).toBe('rice: ordered (replica rmq, caller anonymous, session yes)');
      expect(steps).toEqual([1, 2, 3]);
    } finally {
      await client.close();
    }
    await waitFor(() => replica.strategy.sessionCount === 0, {
      description: 'the session ended on the service',
    });
  });
});
