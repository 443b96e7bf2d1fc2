import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  BrokerClientTransport,
  McpClient,
  PRINCIPAL_CLAIM_META_KEY,
  signPrincipalClaim,
} from '../../../lib/index.js';
import { connectClient, type TestClient } from '../support/client.js';
import { waitFor } from '../support/wait.js';
import { startTestGateway } from './support/test-gateway.js';
import { fetchAs } from './support/gateway-caller.js';
import {
  CLAIM_KEY,
  hungCalls,
  releaseHung,
  startReplica,
  type ServiceReplica,
} from './support/service-app.js';

const NATS = 'nats://127.0.0.1:4222';
const AMQP = 'amqp://guest:guest@127.0.0.1:5672';
const RUN = `e2e-${process.pid}-${Date.now()}`;
const SUBJECT = `mcp.${RUN}.weather`;
const QUEUE = `mcp.${RUN}.stock`;

const textOf = (result: object) =>
  (result as { content: Array<{ text?: string }> }).content.map((c) => c.text ?? '').join('');

/** An SDK client of the gateway calling as `user` (the gateway's auth stand-in reads `x-user`). */
function clientAs(url: URL, user: string): Promise<TestClient> {
  return connectClient(url, {
    fetch: fetchAs(user),
  });
}

/**
 * A gateway (Streamable HTTP for an official SDK v1 client) whose tools live in services it
 * reaches only over brokers: `weather`, two replicas in a NATS queue group, and `stock`, one
 * consumer of a RabbitMQ work queue. The principal crosses the hop as a signed claim.
 */
describe('MCP over NATS and RabbitMQ (SDK client → gateway → services)', () => {
  const replicas: ServiceReplica[] = [];
  let gateway: INestApplication;
  let url: URL;
  let alice: TestClient;
  let nc: NatsConnection;

  beforeAll(async () => {
    replicas.push(await startReplica('a', { nats: { servers: NATS, subject: SUBJECT } }));
    replicas.push(await startReplica('b', { nats: { servers: NATS, subject: SUBJECT } }));
    replicas.push(await startReplica('rmq', { rabbitmq: { url: AMQP, queue: QUEUE } }));
    ({ app: gateway, url } = await startTestGateway(
      {
        mcpServers: {
          weather: { transport: { nats: { servers: NATS, subject: SUBJECT } }, livenessMs: 1500 },
          stock: { transport: { rabbitmq: { url: AMQP, queue: QUEUE } }, livenessMs: 1500 },
        },
        principalClaims: { key: CLAIM_KEY },
      },
      6,
    ));
    alice = await clientAs(url, 'alice');
    nc = await connect({ servers: NATS });
  }, 30_000);

  afterAll(async () => {
    releaseHung();
    await alice?.close();
    await nc?.close();
    await gateway?.close();
    await Promise.all(replicas.map((r) => r.close().catch(() => {})));
  });

  it("lists the services' tools and calls them over NATS and RabbitMQ, with the caller as principal", async () => {
    const { tools } = await alice.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'stock__forecast',
      'stock__hang',
      'stock__secret',
      'weather__forecast',
      'weather__hang',
      'weather__secret',
    ]);
    const nats = await alice.client.callTool({
      name: 'weather__forecast',
      arguments: { city: 'Oslo' },
    });
    expect(textOf(nats)).toMatch(/^Oslo: sunny \(replica [ab], caller sub:alice\)$/);
    const rabbit = await alice.client.callTool({
      name: 'stock__forecast',
      arguments: { city: 'Rome' },
    });
    expect(textOf(rabbit)).toBe('Rome: sunny (replica rmq, caller sub:alice)');
  });

  it("runs the service's guard on the signed principal", async () => {
    expect(textOf(await alice.client.callTool({ name: 'weather__secret', arguments: {} }))).toBe(
      'the secret',
    );
    const bob = await clientAs(url, 'bob');
    try {
      for (const name of ['weather__secret', 'stock__secret']) {
        const denied = await bob.client.callTool({ name, arguments: {} });
        expect(denied.isError).toBe(true);
        expect(textOf(denied)).toBe('Forbidden resource');
      }
    } finally {
      await bob.close();
    }
  });

  it('shares the calls between the two replicas of the queue group', async () => {
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        alice.client.callTool({ name: 'weather__forecast', arguments: { city: `c${i}` } }),
      ),
    );
    const served = new Set(results.map((r) => /replica (\w+)/.exec(textOf(r))![1]));
    expect([...served].sort()).toEqual(['a', 'b']);
  });

  it('answers garbage with a parse error and refuses a forged principal claim', async () => {
    const garbage = await nc.request(SUBJECT, 'not json {', { timeout: 2000 });
    expect(garbage.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    const forged = signPrincipalClaim(
      { key: 'another-key-that-is-32-bytes-long!!' },
      {
        sub: 'sub:alice',
        aud: 'weather',
        user: { sub: 'alice' },
      },
    );
    const call = {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: {
        name: 'secret',
        arguments: {},
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
          [PRINCIPAL_CLAIM_META_KEY]: forged,
        },
      },
    };
    const sub = nc.subscribe(`${RUN}.reply`);
    nc.publish(SUBJECT, JSON.stringify(call), { reply: `${RUN}.reply` });
    for await (const msg of sub) {
      if (msg.data.length === 0) continue; // a keep-alive
      expect(msg.json()).toMatchObject({
        id: 7,
        error: { code: -32600, message: 'The principal claim was refused: bad signature' },
      });
      break;
    }
  });

  it('fails a call whose replica dies mid-call, and the survivor serves the next one', async () => {
    const before = hungCalls.length;
    const call = alice.client.callTool({ name: 'weather__hang', arguments: {} });
    const rejected = expect(call).rejects.toThrow(/may have died/);
    await waitFor(() => hungCalls.length > before, { description: 'the hang call started' });
    const dying = replicas.find((r) => r.app.get('REPLICA') === hungCalls[before]!.replica)!;
    // The replica's broker connection goes as a crashed process's would: no answer, no keep-alive.
    await dying.strategy.close();
    await rejected;
    const next = await alice.client.callTool({
      name: 'weather__forecast',
      arguments: { city: 'Oslo' },
    });
    expect(textOf(next)).toContain('Oslo: sunny');
  });

  it('fails at once when no replica listens on the subject (McpClient over NATS)', async () => {
    const client = new McpClient({
      transport: BrokerClientTransport.to({
        nats: { servers: NATS, subject: `mcp.${RUN}.nobody` },
      }),
    });
    try {
      await expect(client.connect()).rejects.toThrow(/no replica of nats subject .* is listening/);
    } finally {
      await client.close();
    }
  });
});
