import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import amqp, { type Channel, type ChannelModel } from 'amqplib';
import { connectClient, type TestClient } from '../support/client.js';
import { waitFor } from '../support/wait.js';
import { startTestGateway } from './support/test-gateway.js';
import { startSlowService, WarningRecorder } from './support/slow-service.js';

const NATS = 'nats://127.0.0.1:4222';
const AMQP = 'amqp://guest:guest@127.0.0.1:5672';
const RUN = `e2e-limits-${process.pid}-${Date.now()}`;
const SUBJECT = `mcp.${RUN}.slow`;
const QUEUE = `mcp.${RUN}.slow`;
const MAX_BYTES = 4096;
const LIVENESS_MS = 1500;

const textOf = (result: object) =>
  (result as { content: Array<{ text?: string }> }).content.map((c) => c.text ?? '').join('');

/**
 * The "Limits and faults" of the broker hop on the machine's NATS and RabbitMQ, against a service
 * with a small `maxMessageBytes`: an oversized message and garbage get a JSON-RPC error where
 * they have a reply address, garbage without one is dropped, unreadable messages are logged
 * once per endpoint, and the service serves on; a call slower than the gateway's liveness clock succeeds
 * (its keep-alives tell a slow service from a dead one).
 */
describe('limits and faults of the broker hop (NATS and RabbitMQ)', () => {
  const logs = new WarningRecorder();
  const services: INestApplication[] = [];
  let gateway: INestApplication;
  let client: TestClient;
  let nc: NatsConnection;
  let connection: ChannelModel;
  let channel: Channel;
  let replyQueue: string;
  const rabbitReplies = new Map<string, unknown>();

  beforeAll(async () => {
    services.push(
      await startSlowService(
        { nats: { servers: NATS, subject: SUBJECT }, maxMessageBytes: MAX_BYTES },
        logs,
      ),
      await startSlowService(
        { rabbitmq: { url: AMQP, queue: QUEUE }, maxMessageBytes: MAX_BYTES },
        logs,
      ),
    );
    const started = await startTestGateway(
      {
        mcpServers: {
          n: { transport: { nats: { servers: NATS, subject: SUBJECT } }, livenessMs: LIVENESS_MS },
          r: { transport: { rabbitmq: { url: AMQP, queue: QUEUE } }, livenessMs: LIVENESS_MS },
        },
      },
      2,
    );
    gateway = started.app;
    // Nest's logger is process-wide: the gateway's `logger: false` silenced the services'.
    services[0]!.useLogger(logs);
    client = await connectClient(started.url);
    nc = await connect({ servers: NATS });
    connection = await amqp.connect(AMQP);
    channel = await connection.createChannel();
    replyQueue = (await channel.assertQueue('', { exclusive: true })).queue;
    await channel.consume(
      replyQueue,
      (message) => {
        if (message?.content.length) {
          rabbitReplies.set(
            message.properties.correlationId as string,
            JSON.parse(message.content.toString()),
          );
        }
      },
      { noAck: true },
    );
  }, 180_000);

  afterAll(async () => {
    await client?.close();
    await nc?.close();
    await connection?.close().catch(() => {});
    await gateway?.close();
    await Promise.all(services.map((s) => s.close().catch(() => {})));
  });

  /** Sends `body` raw on the NATS subject and resolves with the JSON answer. */
  async function overNats(body: string | Uint8Array) {
    return (await nc.request(SUBJECT, body, { timeout: 5000 })).json();
  }

  /** Sends `body` raw to the RabbitMQ queue (with a reply address unless `noReply`). */
  async function overRabbit(body: string | Buffer, noReply = false) {
    const id = `${rabbitReplies.size}-${Date.now()}`;
    channel.sendToQueue(
      QUEUE,
      Buffer.from(body),
      noReply ? {} : { replyTo: replyQueue, correlationId: id },
    );
    if (noReply) return undefined;
    return waitFor(() => rabbitReplies.get(id), { description: 'the service answering' });
  }

  const call = (text: string) =>
    JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'slow',
        arguments: { ms: 0, padding: text },
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    });

  /**
   * The service's warnings about unreadable messages on `endpoint`: one per endpoint, whichever
   * came first (oversized, not JSON, not UTF-8), however many came.
   */
  const unreadableLogged = (endpoint: string) =>
    logs.warnings.filter((w) => w.startsWith(endpoint) && /larger than|Parse error/.test(w));

  it('answers a message over maxMessageBytes with -32600 on both brokers, logged once, and serves on', async () => {
    const oversized = call('x'.repeat(MAX_BYTES));
    const refused = {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: `Message larger than ${MAX_BYTES} bytes` },
    };
    expect(await overNats(oversized)).toMatchObject(refused);
    expect(await overNats(oversized)).toMatchObject(refused);
    expect(await overRabbit(oversized)).toMatchObject(refused);
    expect(await overRabbit(oversized)).toMatchObject(refused);
    expect(unreadableLogged(`nats subject "${SUBJECT}"`)).toHaveLength(1);
    expect(unreadableLogged(`rabbitmq queue "${QUEUE}"`)).toHaveLength(1);
    // A message just under the limit is served.
    expect(await overNats(call('x'.repeat(100)))).toMatchObject({
      id: 1,
      result: { content: [{ text: 'slept 0 ms' }] },
    });
  });

  it('answers garbage on the RabbitMQ queue with -32700, drops garbage without a reply address, and serves on', async () => {
    expect(await overRabbit('not json {')).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700 },
    });
    expect(await overRabbit(Buffer.from([0xff, 0xfe, 0x00]))).toMatchObject({
      error: { code: -32700 },
    });
    await overRabbit('still not json', true);
    await overNats('not json either');
    nc.publish(SUBJECT, 'no reply address {');
    await nc.flush();
    const answered = await client.client.callTool({ name: 'r__slow', arguments: { ms: 0 } });
    expect(textOf(answered)).toBe('slept 0 ms');
    expect(textOf(await client.client.callTool({ name: 'n__slow', arguments: { ms: 0 } }))).toBe(
      'slept 0 ms',
    );
    expect(unreadableLogged(`rabbitmq queue "${QUEUE}"`)).toHaveLength(1);
    expect(unreadableLogged(`nats subject "${SUBJECT}"`)).toHaveLength(1);
  });

  it("a call slower than the gateway's liveness clock succeeds on both brokers: keep-alives tell slow from dead", async () => {
    const ms = LIVENESS_MS * 3;
    const [n, r] = await Promise.all([
      client.client.callTool({ name: 'n__slow', arguments: { ms } }),
      client.client.callTool({ name: 'r__slow', arguments: { ms } }),
    ]);
    expect([textOf(n), textOf(r)]).toEqual([`slept ${ms} ms`, `slept ${ms} ms`]);
  }, 30_000);
});
