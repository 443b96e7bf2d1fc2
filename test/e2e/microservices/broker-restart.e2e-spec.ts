import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { McpClientManager } from '../../../lib/index.js';
import { connectClient, type TestClient } from '../support/client.js';
import { waitFor } from '../support/wait.js';
import { startTestGateway } from './support/test-gateway.js';
import {
  startPrivateNats,
  startPrivateRabbitMq,
  type PrivateBroker,
} from './support/private-brokers.js';
import {
  hungCalls,
  releaseHung,
  startReplica,
  type ServiceReplica,
} from './support/service-app.js';

const RUN = `e2e-${process.pid}-${Date.now()}`;
const SUBJECT = `mcp.${RUN}.weather`;
const QUEUE = `mcp.${RUN}.stock`;
const ALL_TOOLS = [
  'stock__forecast',
  'stock__hang',
  'stock__secret',
  'weather__forecast',
  'weather__hang',
  'weather__secret',
];

const textOf = (result: object) =>
  (result as { content: Array<{ text?: string }> }).content.map((c) => c.text ?? '').join('');

/**
 * The brokers themselves go down under traffic: a private `nats-server` and a private RabbitMQ
 * node (so the machine's shared brokers serve the other specs undisturbed) are killed with
 * SIGKILL while a call runs in the service behind them, then started again on the same port.
 * The call in flight fails with an error that names the lost broker connection (never hangs),
 * calls made while the broker is down fail too, the gateway and the service reconnect on their
 * own, the gateway's tool list holds the service's tools again, and later calls succeed.
 */
describe('a broker restarted under traffic (SDK client → gateway → NATS / RabbitMQ → service)', () => {
  const replicas: ServiceReplica[] = [];
  let nats: PrivateBroker;
  let rabbit: PrivateBroker;
  let gateway: INestApplication;
  let client: TestClient;

  beforeAll(async () => {
    [nats, rabbit] = await Promise.all([startPrivateNats(), startPrivateRabbitMq()]);
    replicas.push(await startReplica('n', { nats: { servers: nats.url, subject: SUBJECT } }));
    replicas.push(await startReplica('r', { rabbitmq: { url: rabbit.url, queue: QUEUE } }));
    ({ app: gateway } = await startTestGateway(
      {
        mcpServers: {
          weather: { transport: { nats: { servers: nats.url, subject: SUBJECT } } },
          stock: { transport: { rabbitmq: { url: rabbit.url, queue: QUEUE } } },
        },
        reconnect: { initialDelayMs: 200, maxDelayMs: 1000 },
      },
      ALL_TOOLS.length,
    ).then(async (started) => {
      client = await connectClient(started.url);
      return started;
    }));
  }, 150_000);

  afterAll(async () => {
    releaseHung();
    await client?.close();
    await gateway?.close();
    await Promise.all(replicas.map((r) => r.close().catch(() => {})));
    await Promise.all([nats?.stop(), rabbit?.stop()]);
  });

  /** Starts `tool` (which never answers) and resolves once the service runs it. */
  async function callInFlight(tool: string) {
    const before = hungCalls.length;
    const call = client.client.callTool({ name: tool, arguments: {} });
    call.catch(() => {}); // judged by the test
    await waitFor(() => hungCalls.length > before, { description: `${tool} running` });
    return { call };
  }

  /** Calls `tool` until it answers (the gateway and the service reconnect on their own). */
  function answersAgain(tool: string) {
    return waitFor(
      () =>
        client.client
          .callTool({ name: tool, arguments: { city: 'Oslo' } })
          .then((result) => textOf(result))
          .catch(() => false as const),
      { timeoutMs: 60_000, intervalMs: 250, description: `${tool} answering again` },
    );
  }

  async function toolNames(): Promise<string[]> {
    return (await client.client.listTools()).tools.map((t) => t.name).sort();
  }

  const stateOf = (name: string) => gateway.get(McpClientManager).status(name).state;

  it('NATS: the call in flight fails naming the lost connection; calls resume after the restart', async () => {
    const { call } = await callInFlight('weather__hang');
    await nats.kill();
    await expect(call).rejects.toThrow(
      /nats subject ".*weather" failed: the connection to the broker was lost while the request was in flight/,
    );
    // While the broker is down: a new call fails at once, the service's tools stay listed.
    await expect(
      client.client.callTool({ name: 'weather__forecast', arguments: { city: 'Oslo' } }),
    ).rejects.toThrow(
      /nats subject ".*weather" failed: not connected to the broker \(reconnecting\)/,
    );
    expect(await toolNames()).toEqual(ALL_TOOLS);
    await nats.start();
    expect(await answersAgain('weather__forecast')).toMatch(/^Oslo: sunny \(replica n,/);
    expect(await toolNames()).toEqual(ALL_TOOLS);
    expect(stateOf('weather')).toBe('ready');
    // The other service never noticed.
    expect(await answersAgain('stock__forecast')).toMatch(/^Oslo: sunny \(replica r,/);
  }, 90_000);

  it('RabbitMQ: the call in flight fails naming the lost connection; calls resume after the restart', async () => {
    const { call } = await callInFlight('stock__hang');
    await rabbit.kill();
    await expect(call).rejects.toThrow(/rabbitmq queue ".*stock"/);
    // While the broker is down the gateway lists the service's tools no more, and says why.
    await waitFor(async () => !(await toolNames()).includes('stock__forecast'), {
      description: 'the stock tools leaving the gateway',
    });
    expect(stateOf('stock')).not.toBe('ready');
    await rabbit.start();
    expect(await answersAgain('stock__forecast')).toMatch(/^Oslo: sunny \(replica r,/);
    expect(await toolNames()).toEqual(ALL_TOOLS);
    expect(stateOf('stock')).toBe('ready');
    expect(await answersAgain('weather__forecast')).toMatch(/^Oslo: sunny \(replica n,/);
  }, 150_000);
});
