import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { connect, headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import amqp, { type Channel, type ChannelModel } from 'amqplib';
import { connectClient, type TestClient } from '../support/client.js';
import { waitFor } from '../support/wait.js';
import { startTestGateway } from './support/test-gateway.js';
import { startSlowService, WarningRecorder } from './support/slow-service.js';

const NATS = 'nats://127.0.0.1:4222';
const AMQP = 'amqp://guest:guest@127.0.0.1:5672';
const RUN = `e2e-stray-${process.pid}-${Date.now()}`;
const SUBJECT = `mcp.${RUN}.slow`;
/** The queue the gateway sends to: a tap reads it and passes every message on to QUEUE. */
const TAP_QUEUE = `mcp.${RUN}.tap`;
const QUEUE = `mcp.${RUN}.slow`;
const FLOOD = 200;
const SLOW_MS = 2500;

const textOf = (result: object) =>
  (result as { content: Array<{ text?: string }> }).content.map((c) => c.text ?? '').join('');

/** One request of the gateway's, as someone reading the broker saw it. */
interface Seen {
  id: unknown;
  method: string;
  ms?: number;
  /** NATS: the request's reply subject; RabbitMQ: the reply queue. */
  replyTo: string;
  /** RabbitMQ: the correlation id. */
  correlationId?: string;
}

function seen(body: Buffer | Uint8Array, replyTo: string, correlationId?: string): Seen {
  const message = JSON.parse(Buffer.from(body).toString()) as {
    id?: unknown;
    method?: string;
    params?: { arguments?: { ms?: number } };
  };
  return {
    id: message.id,
    method: message.method ?? 'response',
    ...(message.params?.arguments?.ms !== undefined && { ms: message.params.arguments.ms }),
    replyTo,
    ...(correlationId !== undefined && { correlationId }),
  };
}

const answer = (id: unknown, text: string) =>
  JSON.stringify({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }] } });

/**
 * The last bad-input case: replies nobody asked for on the gateway's reply addresses, on
 * the machine's NATS and RabbitMQ. Someone on the broker reads the gateway's requests (a plain
 * NATS subscription beside the service's queue group; a tap between the gateway's RabbitMQ queue
 * and the service's) and publishes to the gateway's reply subject / reply queue: a flood of
 * replies to unknown ids, a stale reply to a call that ended, and a forged answer to a call in
 * flight sent with another call's reply address. All are dropped, each kind logged once by the
 * gateway, none crashes it or reaches a call, and the call in flight gets its real answer.
 */
describe('replies to unknown or stale correlation ids on the gateway side (NATS and RabbitMQ)', () => {
  const logs = new WarningRecorder();
  const gatewayLogs = new WarningRecorder();
  const services: INestApplication[] = [];
  const natsSeen: Seen[] = [];
  const rabbitSeen: Seen[] = [];
  let gateway: INestApplication;
  let client: TestClient;
  let nc: NatsConnection;
  let connection: ChannelModel;
  let channel: Channel;

  beforeAll(async () => {
    services.push(
      await startSlowService({ nats: { servers: NATS, subject: SUBJECT } }, logs),
      await startSlowService({ rabbitmq: { url: AMQP, queue: QUEUE } }, logs),
    );
    nc = await connect({ servers: NATS });
    // Not in the service's queue group: sees every request published on the subject.
    nc.subscribe(SUBJECT, {
      callback: (error, msg) => {
        if (!error && msg.reply && msg.data.length) natsSeen.push(seen(msg.data, msg.reply));
      },
    });
    await nc.flush();
    connection = await amqp.connect(AMQP);
    channel = await connection.createChannel();
    await channel.assertQueue(TAP_QUEUE, { durable: false });
    await channel.assertQueue(QUEUE, { durable: false });
    await channel.consume(
      TAP_QUEUE,
      (message) => {
        if (!message) return;
        const { replyTo, correlationId, headers } = message.properties as {
          replyTo: string;
          correlationId?: string;
          headers?: Record<string, unknown>;
        };
        if (message.content.length) {
          rabbitSeen.push(seen(message.content, replyTo, correlationId));
        }
        channel.sendToQueue(QUEUE, message.content, {
          replyTo,
          ...(correlationId !== undefined && { correlationId }),
          ...(headers && { headers }),
        });
      },
      { noAck: true },
    );
    const started = await startTestGateway(
      {
        mcpServers: {
          n: { transport: { nats: { servers: NATS, subject: SUBJECT } } },
          r: { transport: { rabbitmq: { url: AMQP, queue: TAP_QUEUE } } },
        },
        logger: gatewayLogs,
      },
      2,
    );
    gateway = started.app;
    client = await connectClient(started.url);
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await gateway?.close();
    await nc?.close();
    await connection?.close().catch(() => {});
    await Promise.all(services.map((s) => s.close().catch(() => {})));
  });

  const dropped = (server: string, what: RegExp) =>
    gatewayLogs.warnings.filter((w) => w.startsWith(`${server}:`) && what.test(w));
  const UNKNOWN = /dropped a reply that matches no request in flight/;
  const MISADDRESSED = /did not come on that request's own reply address/;

  /**
   * The scenario on one broker: `reply(to, body, headers)` publishes to the gateway's reply
   * address of the request `to` (as someone who read that request would).
   */
  async function strayReplies(
    server: 'n' | 'r',
    requests: Seen[],
    reply: (to: Seen, body: string, headers: Record<string, string>) => Promise<void>,
  ) {
    const done = await client.client.callTool({ name: `${server}__slow`, arguments: { ms: 0 } });
    expect(textOf(done)).toBe('slept 0 ms');
    const ended = requests.find((r) => r.method === 'tools/call' && r.ms === 0)!;
    const slow = client.client.callTool({ name: `${server}__slow`, arguments: { ms: SLOW_MS } });
    const inFlight = await waitFor(
      () => requests.find((r) => r.method === 'tools/call' && r.ms === SLOW_MS),
      { description: 'the slow call on the broker' },
    );
    const tagged = (id: unknown) => ({ 'mcp-request-id': JSON.stringify(id) });
    // A flood of replies to ids the gateway never sent, on an ended call's reply address.
    for (let i = 0; i < FLOOD; i++) {
      const id = 1_000_000 + i;
      await reply(ended, answer(id, 'unknown'), tagged(id));
    }
    // The ended call's own answer again (stale), and garbage.
    await reply(ended, answer(ended.id, 'stale'), tagged(ended.id));
    await reply(ended, '{ not json', {});
    // A forged answer to the call in flight, from someone who knows another call's address.
    await reply(ended, answer(inFlight.id, 'forged'), tagged(inFlight.id));
    await reply(ended, answer(inFlight.id, 'forged'), {});
    expect(textOf(await slow)).toBe(`slept ${SLOW_MS} ms`);
    // The gateway serves on; each kind was logged once however many came.
    const after = await client.client.callTool({ name: `${server}__slow`, arguments: { ms: 1 } });
    expect(textOf(after)).toBe('slept 1 ms');
    expect(dropped(server, UNKNOWN)).toHaveLength(1);
    expect(dropped(server, MISADDRESSED)).toHaveLength(1);
    expect(dropped(server, /dropped an unreadable reply/)).toHaveLength(1);
  }

  it('NATS: drops replies on the gateway reply subject that answer no request in flight, logs each kind once', async () => {
    await strayReplies('n', natsSeen, async (to, body, headers) => {
      const h = natsHeaders();
      for (const [key, value] of Object.entries(headers)) h.set(key, value);
      nc.publish(to.replyTo, body, { headers: h });
      await nc.flush();
    });
  });

  it('RabbitMQ: drops replies on the gateway reply queue that answer no request in flight, logs each kind once', async () => {
    await strayReplies('r', rabbitSeen, async (to, body, headers) => {
      channel.sendToQueue(to.replyTo, Buffer.from(body), {
        headers,
        ...(to.correlationId !== undefined && { correlationId: to.correlationId }),
      });
      await new Promise((resolve) => setImmediate(resolve));
    });
  });
});
