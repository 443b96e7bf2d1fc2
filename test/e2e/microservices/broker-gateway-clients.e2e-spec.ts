import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { connectClient, type TestClient } from '../support/client.js';
import { waitFor } from '../support/wait.js';
import { ROOT } from '../stdio/support/sample.js';
import {
  dynamicSeen,
  startDynamicService,
  type DynamicService,
} from './support/dynamic-service.js';
import { startTestGateway } from './support/test-gateway.js';
import { runSdk2Driver, sdk2Node } from '../sdk2/support/sdk2-driver.js';

const run = promisify(execFile);
const NATS = 'nats://127.0.0.1:4222';
const AMQP = 'amqp://guest:guest@127.0.0.1:5672';
const SUBJECT = `mcp.e2e-${process.pid}-${Date.now()}.dynamic`;
const QUEUE = `mcp.e2e-${process.pid}-${Date.now()}.rabbit`;
const INSPECTOR = join(ROOT, '.tools/inspector/node_modules/.bin/inspector');

const textOf = (result: object) =>
  (result as { content: Array<{ text?: string }> }).content.map((c) => c.text ?? '').join('');

/** Installs the private Node 22, the SDK v2 client and the Inspector into .tools/ when missing. */
async function node22Tools(): Promise<string> {
  const [node22] = await Promise.all([
    sdk2Node(),
    run(
      'bash',
      [
        '-c',
        'log() { echo "$*" >&2; }; ROOT="$PWD"; source scripts/lib/node22-tools.sh; ensure_inspector',
      ],
      { cwd: ROOT, timeout: 300_000 },
    ),
  ]);
  return node22;
}

/**
 * Clients nobody here wrote, talking to a gateway whose only service lives behind NATS (a
 * 2026-07-28-only service, so the gateway's upstream calls are stateless request/reply; a second
 * one on RabbitMQ for the cancel): the
 * official SDK v2 client (Node 22) lists and calls, and listens for list changes while the
 * service registers a tool at run time; the Inspector CLI lists and calls; an SDK v1 client
 * cancels a call and the service's handler sees its `ctx.signal` fire across the hop.
 */
describe('clients nobody here wrote → gateway → NATS → service', () => {
  const services: DynamicService[] = [];
  let gateway: INestApplication;
  let url: URL;
  let node22: string;
  let catalog: string;

  async function drive(config: Record<string, unknown>): Promise<Record<string, unknown>> {
    return runSdk2Driver(node22, config);
  }

  async function inspect(...args: string[]): Promise<Record<string, unknown>> {
    const { stdout } = await run(
      node22,
      [INSPECTOR, '--cli', url.href, '--transport', 'http', ...args],
      { cwd: ROOT, timeout: 60_000, env: { ...process.env, MCP_CATALOG_PATH: catalog } },
    );
    return JSON.parse(stdout) as Record<string, unknown>;
  }

  beforeAll(async () => {
    catalog = join(mkdtempSync(join(tmpdir(), 'mcp-inspector-')), 'catalog.json');
    // The tools (npm installs on a clean checkout) and both services, side by side.
    const started = (service: Promise<DynamicService>) => service.then((s) => services.push(s));
    [node22] = await Promise.all([
      node22Tools(),
      started(startDynamicService({ nats: { servers: NATS, subject: SUBJECT } })),
      started(startDynamicService({ rabbitmq: { url: AMQP, queue: QUEUE } })),
    ]);
    ({ app: gateway, url } = await startTestGateway(
      {
        mcpServers: {
          svc: { transport: { nats: { servers: NATS, subject: SUBJECT } } },
          rmq: { transport: { rabbitmq: { url: AMQP, queue: QUEUE } } },
        },
      },
      6,
    ));
  }, 320_000);

  afterAll(async () => {
    await gateway?.close();
    await Promise.all(services.map((s) => s.close().catch(() => {})));
    if (catalog) rmSync(join(catalog, '..'), { recursive: true, force: true });
  });

  it.each(['2026-07-28', 'auto'])(
    'SDK v2 client (%s) lists and calls a tool of the service',
    async (mode) => {
      const report = await drive({
        transport: 'http',
        url: url.href,
        mode,
        tool: 'svc__forecast',
        toolArgs: { city: 'Oslo' },
      });
      expect(report.error).toBeUndefined();
      expect((report.toolNames as string[]).filter((n) => n.startsWith('svc__')).sort()).toEqual([
        'svc__addTool',
        'svc__forecast',
        'svc__waitForCancel',
      ]);
      expect(report.call).toEqual([{ type: 'text', text: 'Oslo: sunny' }]);
    },
  );

  it('Inspector CLI lists and calls a tool of the service', async () => {
    const listed = await inspect('--method', 'tools/list');
    expect((listed.tools as Array<{ name: string }>).map((t) => t.name)).toContain('svc__forecast');
    const called = await inspect(
      '--method',
      'tools/call',
      '--tool-name',
      'svc__forecast',
      '--tool-arg',
      'city=Rome',
    );
    expect(textOf(called)).toBe('Rome: sunny');
  });

  it.each(['svc', 'rmq'])(
    "cancelling a call reaches the service's handler (ctx.signal) across the stateless hop (%s)",
    async (server) => {
      const client: TestClient = await connectClient(url);
      try {
        const before = dynamicSeen.aborted.length;
        const waiting = dynamicSeen.waiting;
        const abort = new AbortController();
        const call = client.client.callTool(
          { name: `${server}__waitForCancel`, arguments: {} },
          undefined,
          {
            signal: abort.signal,
          },
        );
        call.catch(() => {}); // the SDK rejects it locally
        await waitFor(() => dynamicSeen.waiting > waiting, {
          description: 'waitForCancel running',
        });
        abort.abort('the user gave up');
        await waitFor(() => dynamicSeen.aborted.length > before, {
          timeoutMs: 10_000,
          description: "the service's ctx.signal firing",
        });
        expect(dynamicSeen.aborted.at(-1)).toMatch(/cancel|gave up/i);
      } finally {
        await client.close();
      }
    },
    30_000,
  );

  it('a tool the service registers at run time reaches an SDK v2 listener as list_changed', async () => {
    const report = await drive({
      transport: 'http',
      url: url.href,
      mode: '2026-07-28',
      listen: {
        filter: { toolsListChanged: true },
        notification: 'notifications/tools/list_changed',
        trigger: { tool: 'svc__addTool', args: { name: 'fresh' } },
      },
    });
    expect(report.error).toBeUndefined();
    expect(report.wait).toBe('notified');
    expect(report.toolNames).toContain('svc__fresh');
    // And the new tool runs in the service.
    const client = await connectClient(url);
    try {
      expect(textOf(await client.client.callTool({ name: 'svc__fresh', arguments: {} }))).toBe(
        'fresh ran',
      );
    } finally {
      await client.close();
    }
  }, 60_000);
});
