import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import {
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  type LoggingMessageNotification,
} from '@modelcontextprotocol/sdk/types.js';
import { connectClient, type TestClient } from '../support/client.js';
import { startForwardingService, type ForwardingService } from './support/forwarding-service.js';
import { startTestGateway } from './support/test-gateway.js';
import { runSdk2Driver, sdk2Node } from '../sdk2/support/sdk2-driver.js';

const NATS = 'nats://127.0.0.1:4222';
const SUBJECT = `mcp.e2e-${process.pid}-${Date.now()}.forwarding`;

const textOf = (result: object) =>
  (result as { content: Array<{ text?: string }> }).content.map((c) => c.text ?? '').join('');

type LogParams = LoggingMessageNotification['params'];

/**
 * What a service says back during a call reaches the outside client through the gateway, for a
 * service behind NATS and the same service over Streamable HTTP (the forwarding code is shared):
 * its log messages on the call, at the level the client set (SDK v1, 2025-11-25); its request
 * for the client's roots (SDK v1: a roots/list request; SDK v2, 2026-07-28: an input round); its
 * 2026-07-28 input rounds under the service's own keys (SDK v2), several inputs in one round;
 * its list_changed announced to an SDK v2 listener even when the list stayed the same.
 */
describe('outside client → gateway → NATS / HTTP → service: logs, roots, input rounds', () => {
  let service: ForwardingService;
  let gateway: INestApplication;
  let url: URL;
  let node22: string;

  async function drive(config: Record<string, unknown>): Promise<Record<string, unknown>> {
    return runSdk2Driver(node22, config);
  }

  /** An SDK v1 client collecting the log messages it gets, answering roots/list. */
  async function loggingClient(logs: LogParams[]): Promise<TestClient> {
    return connectClient(url, {
      capabilities: { roots: {} },
      setup: (client) => {
        client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
          logs.push(n.params);
        });
        client.setRequestHandler(ListRootsRequestSchema, () => ({
          roots: [{ uri: 'file:///work/shop', name: 'shop' }],
        }));
      },
    });
  }

  beforeAll(async () => {
    node22 = await sdk2Node();
    service = await startForwardingService({ nats: { servers: NATS, subject: SUBJECT } });
    ({ app: gateway, url } = await startTestGateway(
      {
        mcpServers: {
          nats: { transport: { nats: { servers: NATS, subject: SUBJECT } } },
          http: { url: service.url.href },
        },
      },
      10,
    ));
  }, 320_000);

  afterAll(async () => {
    await gateway?.close();
    await service?.close();
  });

  it.each(['nats', 'http'])(
    "the service's log messages of a call reach an SDK v1 client, at the level it set (%s)",
    async (upstream) => {
      const logs: LogParams[] = [];
      const sdk = await loggingClient(logs);
      try {
        const chatty = `${upstream}__chatty`;
        expect(textOf(await sdk.client.callTool({ name: chatty, arguments: {} }))).toBe('done');
        expect(logs).toEqual([
          { level: 'debug', logger: 'chatty', data: 'step 1' },
          { level: 'info', logger: 'chatty', data: 'step 2' },
          { level: 'warning', logger: 'chatty', data: 'step 3' },
        ]);
        await sdk.client.setLoggingLevel('warning');
        logs.length = 0;
        expect(textOf(await sdk.client.callTool({ name: chatty, arguments: {} }))).toBe('done');
        expect(logs).toEqual([{ level: 'warning', logger: 'chatty', data: 'step 3' }]);
      } finally {
        await sdk.close();
      }
    },
    30_000,
  );

  it.each(['nats', 'http'])(
    "a service asking for the client's roots gets the SDK v1 client's (%s)",
    async (upstream) => {
      const sdk = await loggingClient([]);
      try {
        const result = await sdk.client.callTool({ name: `${upstream}__roots`, arguments: {} });
        expect(textOf(result)).toBe('roots: shop');
      } finally {
        await sdk.close();
      }
    },
    30_000,
  );

  it.each(['nats', 'http'])(
    "an SDK v2 client (2026-07-28) answers the service's input round under the service's keys (%s)",
    async (upstream) => {
      const greet = await drive({
        transport: 'http',
        url: url.href,
        mode: '2026-07-28',
        tool: `${upstream}__greet`,
        toolArgs: {},
        elicitName: 'Ada',
      });
      expect(greet.error).toBeUndefined();
      expect(greet.call).toEqual([{ type: 'text', text: 'Hello, Ada!' }]);
      expect(greet.inputKeys).toEqual([[], ['user_name']]);

      const both = await drive({
        transport: 'http',
        url: url.href,
        mode: '2026-07-28',
        tool: `${upstream}__both`,
        toolArgs: {},
        elicitName: 'Grace',
        roots: [{ uri: 'file:///work/shop', name: 'shop' }],
      });
      expect(both.error).toBeUndefined();
      expect(both.call).toEqual([{ type: 'text', text: 'Grace; shop' }]);
      expect(both.inputKeys).toEqual([[], ['client_roots', 'user_name']]);
      expect(both.rootsLists).toBe(1);
    },
    90_000,
  );

  it.each(['nats', 'http'])(
    "the service's list_changed reaches an SDK v2 listener, its list unchanged (%s)",
    async (upstream) => {
      const report = await drive({
        transport: 'http',
        url: url.href,
        mode: '2026-07-28',
        listen: {
          filter: { toolsListChanged: true },
          notification: 'notifications/tools/list_changed',
          trigger: { tool: `${upstream}__announce`, args: {} },
        },
      });
      expect(report.error).toBeUndefined();
      expect(report.wait).toBe('notified');
    },
    60_000,
  );
});
