import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import amqp from 'amqplib';
import { connectClient, type TestClient } from '../support/client.js';
import { waitFor } from '../support/wait.js';
import { startTestGateway } from './support/test-gateway.js';
import { slowCalls, startSlowService, WarningRecorder } from './support/slow-service.js';

const AMQP = 'amqp://guest:guest@127.0.0.1:5672';
const RUN = `mcp.e2e-queued-${process.pid}-${Date.now()}`;
const LIVENESS_MS = 1000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A RabbitMQ work queue keeps requests while no replica consumes it (every replica gone, or a
 * deploy between two). What must hold when a replica then starts:
 * - a request its caller still waits for is answered by the tools, even when the replica takes
 *   it before the app registered them (a hybrid app runs `startAllMicroservices()` before
 *   `app.init()`): it answered "Method not found: tools/call" before;
 * - a request its caller gave up on (no answer within `livenessMs`) never runs: the client sends
 *   each request with its liveness as the message TTL, so RabbitMQ drops it.
 * The slow service boots in the hybrid order (support/slow-service.ts).
 */
describe('requests waiting in a RabbitMQ queue for a replica', () => {
  const logs = new WarningRecorder();
  const services: INestApplication[] = [];
  afterAll(async () => {
    await Promise.all(services.map((s) => s.close().catch(() => {})));
  });

  it('a replica that starts with a request waiting answers it with its tool (amqplib caller)', async () => {
    const queue = `${RUN}.waiting`;
    const connection = await amqp.connect(AMQP);
    try {
      const channel = await connection.createChannel();
      await channel.assertQueue(queue, { durable: false });
      const { queue: replies } = await channel.assertQueue('', { exclusive: true });
      const answers: string[] = [];
      await channel.consume(
        replies,
        (m) => m && m.content.length > 0 && answers.push(m.content.toString()),
        {
          noAck: true,
        },
      );
      const request = {
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: {
          name: 'slow',
          arguments: { ms: 10 },
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      };
      channel.sendToQueue(queue, Buffer.from(JSON.stringify(request)), {
        replyTo: replies,
        correlationId: 'waiting-1',
      });
      services.push(await startSlowService({ rabbitmq: { url: AMQP, queue } }, logs));
      await waitFor(() => answers.length > 0, { timeoutMs: 10_000, description: 'the answer' });
      expect(JSON.parse(answers[0]!)).toMatchObject({
        id: 7,
        result: { content: [{ type: 'text', text: 'slept 10 ms' }] },
      });
    } finally {
      await connection.close();
    }
  }, 60_000);

  describe('through the gateway (SDK v1 client → gateway → RabbitMQ)', () => {
    const queue = `${RUN}.stale`;
    let gateway: INestApplication;
    let client: TestClient;
    let first: INestApplication;

    beforeAll(async () => {
      first = await startSlowService({ rabbitmq: { url: AMQP, queue } }, logs);
      const started = await startTestGateway(
        {
          mcpServers: {
            r: { transport: { rabbitmq: { url: AMQP, queue } }, livenessMs: LIVENESS_MS },
          },
        },
        1,
      );
      gateway = started.app;
      client = await connectClient(started.url);
    }, 60_000);

    afterAll(async () => {
      await client?.close();
      await gateway?.close();
      await first?.close().catch(() => {});
    });

    it('fails a call no replica took within livenessMs, and a replica that starts later never runs it', async () => {
      await first.close(); // no replica consumes the queue now
      slowCalls.started = 0;
      const failed = await client.client.callTool({ name: 'r__slow', arguments: { ms: 10 } }).then(
        (result) => JSON.stringify(result),
        (error: unknown) => `error: ${(error as Error).message}`,
      );
      expect(failed).toMatch(/no answer for 1000 ms/);

      services.push(await startSlowService({ rabbitmq: { url: AMQP, queue } }, logs));
      await delay(LIVENESS_MS); // time for a queued request to reach the new replica
      expect(slowCalls.started).toBe(0);

      // The new replica serves the next call: the one before was dropped, not stuck in the queue.
      const answered = await client.client.callTool({ name: 'r__slow', arguments: { ms: 10 } });
      expect(answered.content).toEqual([{ type: 'text', text: 'slept 10 ms' }]);
      expect(slowCalls.started).toBe(1);
    }, 60_000);
  });
});
