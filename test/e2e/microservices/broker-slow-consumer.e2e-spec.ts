import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { connectClient, type TestClient } from '../support/client.js';
import { startTestGateway } from './support/test-gateway.js';
import { slowCalls, startSlowService, WarningRecorder } from './support/slow-service.js';

const NATS = 'nats://127.0.0.1:4222';
const AMQP = 'amqp://guest:guest@127.0.0.1:5672';
const RUN = `e2e-slowc-${process.pid}-${Date.now()}`;
const SUBJECT = `mcp.${RUN}.slow`;
const QUEUE = `mcp.${RUN}.slow`;
const LIMIT = 4;
const CALLS = 24;
const MS = 3000;

/** What became of one call: its text, or the error the outside client got. */
async function outcome(call: Promise<object>): Promise<string> {
  try {
    const result = (await call) as { content: Array<{ text?: string }>; isError?: boolean };
    const text = result.content.map((c) => c.text ?? '').join('');
    return result.isError ? `error: ${text}` : text;
  } catch (error) {
    return `error: ${(error as Error).message}`;
  }
}

/**
 * A slow consumer: one replica whose tool takes seconds, while many calls arrive at once through
 * the gateway (SDK v1 client over Streamable HTTP → gateway → NATS / RabbitMQ → replica with
 * `maxConcurrentCalls: 4`). Neither broker holds requests back from a replica that is busy (NATS
 * pushes, the RabbitMQ replica acknowledges on receipt), so the replica bounds what it runs: at
 * most 4 calls run at once, every other one gets a clear capacity error at once (never a hang,
 * never lost without a word), the refusal is logged once per endpoint, and the replica serves
 * the next calls once the burst is over.
 */
describe('a slow replica under a burst of calls (NATS and RabbitMQ)', () => {
  const logs = new WarningRecorder();
  const services: INestApplication[] = [];
  let gateway: INestApplication;
  let client: TestClient;

  beforeAll(async () => {
    services.push(
      await startSlowService(
        { nats: { servers: NATS, subject: SUBJECT }, maxConcurrentCalls: LIMIT },
        logs,
      ),
      await startSlowService(
        { rabbitmq: { url: AMQP, queue: QUEUE }, maxConcurrentCalls: LIMIT },
        logs,
      ),
    );
    const started = await startTestGateway(
      {
        mcpServers: {
          n: { transport: { nats: { servers: NATS, subject: SUBJECT } } },
          r: { transport: { rabbitmq: { url: AMQP, queue: QUEUE } } },
        },
      },
      2,
    );
    gateway = started.app;
    services[0]!.useLogger(logs);
    client = await connectClient(started.url);
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await gateway?.close();
    await Promise.all(services.map((s) => s.close().catch(() => {})));
  });

  it.each([
    ['n', `nats subject "${SUBJECT}"`],
    ['r', `rabbitmq queue "${QUEUE}"`],
  ])(
    '%s: runs at most maxConcurrentCalls at once, refuses the rest at once, loses none',
    async (server, endpoint) => {
      slowCalls.peak = 0;
      const outcomes = await Promise.all(
        Array.from({ length: CALLS }, () =>
          outcome(client.client.callTool({ name: `${server}__slow`, arguments: { ms: MS } })),
        ),
      );
      const done = outcomes.filter((o) => o === `slept ${MS} ms`);
      const refused = outcomes.filter((o) =>
        o.includes(`Too many calls running on this replica (limit ${LIMIT})`),
      );
      // Every call has an answer: its result, or the capacity refusal; nothing else.
      expect(done.length + refused.length).toBe(CALLS);
      expect(done.length).toBeGreaterThanOrEqual(1);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      expect(slowCalls.peak).toBeLessThanOrEqual(LIMIT);
      expect(
        logs.warnings.filter((w) => w.startsWith(endpoint) && /Too many calls/.test(w)),
      ).toHaveLength(1);
      // The burst is over: the replica serves again.
      expect(
        await outcome(client.client.callTool({ name: `${server}__slow`, arguments: { ms: 1 } })),
      ).toBe('slept 1 ms');
    },
    60_000,
  );
});
