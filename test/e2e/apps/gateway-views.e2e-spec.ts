import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  MCP_APPS_EXTENSION_ID,
  McpClient,
  McpClientManager,
  McpGatewayModule,
  McpModule,
  StreamableHttpClientTransport,
} from '../../../lib/index.js';
import { startDemoApp, type RunningDemo } from '../samples/support/demo-app.js';
import { waitFor } from '../support/wait.js';

const VIEW = 'ui://demo/counter';

/**
 * The gateway passes MCP App views through: its upstream client declares the extension, so the
 * demo's `_meta.ui` tools, app-only tool and view resource reach the gateway, which lists them to
 * downstream clients that declare the extension and plain tools to the others.
 */
describe('gateway passes MCP App views through', () => {
  let demo: RunningDemo;
  let gateway: INestApplication;
  let url: URL;
  const clients: McpClient[] = [];

  beforeAll(async () => {
    demo = await startDemoApp();
    const moduleRef = await Test.createTestingModule({
      imports: [
        McpModule.forRoot({ name: 'gateway', version: '1.0.0' }),
        McpGatewayModule.forRoot({
          mcpServers: { demo: { url: demo.mcpUrl.href } },
          logger: false,
        }),
      ],
    }).compile();
    gateway = moduleRef.createNestApplication({ logger: false });
    await gateway.listen(0, '127.0.0.1');
    const { port } = (gateway.getHttpServer() as Server).address() as AddressInfo;
    url = new URL(`http://127.0.0.1:${port}/mcp`);
    const manager = gateway.get(McpClientManager);
    await waitFor(
      () => manager.aggregate.tools.some((t) => t.descriptor.name === 'demo__counter_increment'),
      { timeoutMs: 20_000, description: 'the demo tools at the gateway' },
    );
  }, 60_000);
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await gateway?.close();
    await demo?.close();
  });

  async function connect(apps: boolean) {
    const client = new McpClient({ transport: new StreamableHttpClientTransport(url), apps });
    clients.push(client);
    await client.connect();
    return client;
  }

  it('lists the view tools and serves the view to a client with the extension', async () => {
    const client = await connect(true);
    expect(client.serverCapabilities?.extensions?.[MCP_APPS_EXTENSION_ID]).toBeDefined();
    const tools = await client.listAllTools();
    const show = tools.find((t) => t.name === 'demo__show_counter')!;
    expect(client.toolView(show)).toEqual({ resourceUri: VIEW, visibility: ['model', 'app'] });
    expect(tools.find((t) => t.name === 'demo__counter_increment')?._meta?.ui).toMatchObject({
      visibility: ['app'],
    });
    const view = await client.readAppView(show);
    expect(view.meta).toEqual({ prefersBorder: true });
    expect(view.html).toMatch(/^<!doctype html>/i);
  });

  it('gives plain tools to a client without it', async () => {
    const client = await connect(false);
    const tools = await client.listAllTools();
    expect(tools.find((t) => t.name === 'demo__show_counter')?._meta).toBeUndefined();
    expect(tools.find((t) => t.name === 'demo__counter_increment')).toBeUndefined();
  });
});
