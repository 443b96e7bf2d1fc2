import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { McpClientManager, type McpUpstreamState } from '../../../lib/index.js';
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
import { clientAs } from './support/session-client.js';
import { startSessionReplica, type SessionReplica } from './support/session-service.js';

const RUN = `e2e-${process.pid}-${Date.now()}`;
const SUBJECT = `mcp.${RUN}.weather`;
const QUEUE = `mcp.${RUN}.stock`;
const SESSION_SUBJECT = `mcp.${RUN}.shop-n`;
const SESSION_QUEUE = `mcp.${RUN}.shop-r`;
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
 * own, the gateway's tool list holds the service's tools again, and later calls succeed. The
 * gateway shows the service as `'reconnecting'` while its broker is down, `'ready'` once back.
 * A second gateway reaches two more services in the 2025 era: its session with each (one per
 * broker) survives the restart, and the next call of an SDK v1 client on it (with an
 * elicitation the client answers) works.
 */
describe('a broker restarted under traffic (SDK client → gateway → NATS / RabbitMQ → service)', () => {
  const replicas: ServiceReplica[] = [];
  const sessionReplicas: Record<'n' | 'r', SessionReplica | undefined> = {
    n: undefined,
    r: undefined,
  };
  let nats: PrivateBroker;
  let rabbit: PrivateBroker;
  let gateway: INestApplication;
  let client: TestClient;
  /** A gateway reaching `shopN` (NATS) and `shopR` (RabbitMQ) in 2025-era sessions. */
  let sessionGateway: INestApplication;
  let sessionClient: TestClient;

  beforeAll(async () => {
    [nats, rabbit] = await Promise.all([startPrivateNats(), startPrivateRabbitMq()]);
    replicas.push(await startReplica('n', { nats: { servers: nats.url, subject: SUBJECT } }));
    replicas.push(await startReplica('r', { rabbitmq: { url: rabbit.url, queue: QUEUE } }));
    sessionReplicas.n = await startSessionReplica('sn', {
      nats: { servers: nats.url, subject: SESSION_SUBJECT },
    });
    sessionReplicas.r = await startSessionReplica('sr', {
      rabbitmq: { url: rabbit.url, queue: SESSION_QUEUE },
    });
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
    const sessions = await startTestGateway(
      {
        mcpServers: {
          shopN: { transport: { nats: { servers: nats.url, subject: SESSION_SUBJECT } } },
          shopR: { transport: { rabbitmq: { url: rabbit.url, queue: SESSION_QUEUE } } },
        },
        client: { versionNegotiation: 'legacy' },
        reconnect: { initialDelayMs: 200, maxDelayMs: 1000 },
      },
      8,
    );
    sessionGateway = sessions.app;
    sessionClient = await clientAs(sessions.url, 'alice');
  }, 150_000);

  afterAll(async () => {
    releaseHung();
    await client?.close();
    await sessionClient?.close();
    await gateway?.close();
    await sessionGateway?.close();
    const all = [...replicas, ...Object.values(sessionReplicas)];
    await Promise.all(all.map((r) => r?.close().catch(() => {})));
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

  /** Waits until the gateway shows `name` as `state`. */
  function until(name: string, state: McpUpstreamState, app = gateway) {
    return waitFor(() => app.get(McpClientManager).status(name).state === state, {
      timeoutMs: 60_000,
      description: `${name} ${state} in the gateway`,
    });
  }

  /**
   * Orders on the session of `shop` (`shopN` or `shopR`): the service elicits, the SDK client
   * answers, and the service says it ran in a session.
   */
  async function orderInSession(shop: 'shopN' | 'shopR') {
    const result = await sessionClient.client.callTool({
      name: `${shop}__order`,
      arguments: { item: 'rice' },
    });
    return textOf(result);
  }

  /**
   * Runs `restart` (a broker killed and started again) and checks that the 2025-era session of
   * the session gateway with `shop` survives it: the gateway keeps its client (no new
   * `initialize`), the replica holds the one session it held, and the next call on it works.
   */
  async function sessionSurvives(shop: 'shopN' | 'shopR', restart: () => Promise<void>) {
    const replica = shop === 'shopN' ? sessionReplicas.n! : sessionReplicas.r!;
    const served = shop === 'shopN' ? 'sn' : 'sr';
    const ordered = `rice: ordered (replica ${served}, caller anonymous, session yes)`;
    const manager = sessionGateway.get(McpClientManager);
    expect(await orderInSession(shop)).toBe(ordered);
    const upstream = manager.get(shop);
    expect(replica.strategy.sessionCount).toBe(1);
    await restart();
    await until(shop, 'ready', sessionGateway);
    expect(await orderInSession(shop)).toBe(ordered);
    expect(manager.get(shop) === upstream).toBe(true); // the same client (no new initialize)
    expect(replica.strategy.sessionCount).toBe(1);
  }

  /**
   * While the broker is down the gateway shows the service as reconnecting, says why, lists its
   * tools no more, and a call of one of them fails at once.
   */
  async function downWhileBrokerIs(service: 'weather' | 'stock') {
    await until(service, 'reconnecting');
    const status = gateway.get(McpClientManager).status(service);
    expect(status.lastError?.message).toMatch(/connection to the broker was lost/);
    await waitFor(async () => !(await toolNames()).includes(`${service}__forecast`), {
      description: `the ${service} tools leaving the gateway`,
    });
    await expect(
      client.client.callTool({ name: `${service}__forecast`, arguments: { city: 'Oslo' } }),
    ).rejects.toThrow();
  }

  it('NATS: the call in flight fails naming the lost connection; calls resume after the restart', async () => {
    await sessionSurvives('shopN', async () => {
      const { call } = await callInFlight('weather__hang');
      await nats.kill();
      await expect(call).rejects.toThrow(
        /nats subject ".*weather" failed: the connection to the broker was lost while the request was in flight/,
      );
      await downWhileBrokerIs('weather');
      await until('shopN', 'reconnecting', sessionGateway);
      await nats.start();
      expect(await answersAgain('weather__forecast')).toMatch(/^Oslo: sunny \(replica n,/);
      await until('weather', 'ready');
      expect(await toolNames()).toEqual(ALL_TOOLS);
    });
    // The other service never noticed.
    expect(stateOf('stock')).toBe('ready');
    expect(await answersAgain('stock__forecast')).toMatch(/^Oslo: sunny \(replica r,/);
  }, 120_000);

  it('RabbitMQ: the call in flight fails naming the lost connection; calls resume after the restart', async () => {
    await sessionSurvives('shopR', async () => {
      const { call } = await callInFlight('stock__hang');
      await rabbit.kill();
      await expect(call).rejects.toThrow(
        /rabbitmq queue ".*stock" failed: the connection to the broker was lost while the request was in flight/,
      );
      await downWhileBrokerIs('stock');
      await until('shopR', 'reconnecting', sessionGateway);
      await rabbit.start();
      expect(await answersAgain('stock__forecast')).toMatch(/^Oslo: sunny \(replica r,/);
      await until('stock', 'ready');
      expect(await toolNames()).toEqual(ALL_TOOLS);
    });
    expect(stateOf('weather')).toBe('ready');
    expect(await answersAgain('weather__forecast')).toMatch(/^Oslo: sunny \(replica n,/);
  }, 180_000);
});
