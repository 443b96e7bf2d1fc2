import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  LEGACY_RESOURCE_URI_KEY,
  MCP_APPS_EXTENSION_ID,
  MCP_APP_MIME_TYPE,
  McpClient,
  SseClientTransport,
  StdioClientTransport,
  StreamableHttpClientTransport,
  WebSocketClientTransport,
  type ClientTransport,
  type Mcp,
} from '../../../lib/index.js';
import { builtSample, ROOT } from '../stdio/support/sample.js';
import { startDemoApp, type RunningDemo } from '../samples/support/demo-app.js';

const VIEW = 'ui://demo/counter';
const ERAS = [
  ['2025 (initialize)', 'legacy'],
  ['2026-07-28 (server/discover)', 'auto'],
] as const;

/**
 * MCP Apps over the wire, against the demo (sample/01-demo: `show_counter` with the view
 * `ui://demo/counter`, the app-only `counter_increment`): the extension negotiated in both eras,
 * the tool's `_meta.ui` and legacy key, the view resource and its metadata, and what a client
 * without the extension sees. McpClient and the official SDK v1 client.
 */
describe('MCP Apps protocol (demo server)', () => {
  let demo: RunningDemo;
  const clients: McpClient[] = [];

  beforeAll(async () => {
    demo = await startDemoApp();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await demo.close();
  });

  async function connect(mode: 'legacy' | 'auto', apps: boolean): Promise<McpClient> {
    const client = new McpClient({
      transport: new StreamableHttpClientTransport(demo.mcpUrl),
      versionNegotiation: mode,
      apps,
    });
    clients.push(client);
    await client.connect();
    return client;
  }

  const byName = (tools: Mcp.Tool[], name: string) => tools.find((t) => t.name === name);

  describe.each(ERAS)('McpClient, %s', (_label, mode) => {
    it('negotiates the extension and lists the view tool with _meta.ui and the legacy key', async () => {
      const client = await connect(mode, true);
      expect(client.era).toBe(mode === 'legacy' ? 'legacy' : 'modern');
      expect(client.serverCapabilities?.extensions?.[MCP_APPS_EXTENSION_ID]).toEqual({
        mimeTypes: [MCP_APP_MIME_TYPE],
      });
      const tools = await client.listAllTools();
      const show = byName(tools, 'show_counter')!;
      expect(show._meta).toEqual({
        ui: { resourceUri: VIEW, visibility: ['model', 'app'] },
        [LEGACY_RESOURCE_URI_KEY]: VIEW,
      });
      expect(byName(tools, 'counter_increment')?._meta?.ui).toEqual({
        resourceUri: VIEW,
        visibility: ['app'],
      });
      expect(client.toolView(show)).toEqual({ resourceUri: VIEW, visibility: ['model', 'app'] });
      // The view tool runs with no arguments (the demo's empty form).
      const result = await client.callTool('show_counter', {});
      expect(result.structuredContent).toEqual({ count: expect.any(Number) });
    });

    it('reads the view: HTML with the mcp-app profile, _meta.ui in the list and the contents', async () => {
      const client = await connect(mode, true);
      const listed = (await client.listAllResources()).find((r) => r.uri === VIEW);
      expect(listed).toMatchObject({
        uri: VIEW,
        mimeType: MCP_APP_MIME_TYPE,
        _meta: { ui: { prefersBorder: true } },
      });
      const raw = await client.readResource(VIEW);
      expect(raw.contents[0]).toMatchObject({
        uri: VIEW,
        mimeType: MCP_APP_MIME_TYPE,
        _meta: { ui: { prefersBorder: true } },
      });
      const tools = await client.listAllTools();
      const view = await client.readAppView(byName(tools, 'show_counter')!);
      expect(view.uri).toBe(VIEW);
      expect(view.html).toMatch(/^<!doctype html>/i);
      expect(view.meta).toEqual({ prefersBorder: true });
    });

    it('a client without the extension gets plain tools and no app-only tool', async () => {
      const client = await connect(mode, false);
      const tools = await client.listAllTools();
      const show = byName(tools, 'show_counter')!;
      expect(show).toBeDefined();
      expect(show._meta).toBeUndefined();
      expect(byName(tools, 'counter_increment')).toBeUndefined();
      expect(byName(tools, 'echo')).toBeDefined();
      // Still a working tool: text content as the fallback.
      const result = await client.callTool('show_counter', {});
      expect(result.content[0]).toMatchObject({ type: 'text' });
    });
  });

  it.each(['websocket', 'sse', 'stdio'] as const)(
    'views work over %s too: _meta.ui listed, view read',
    async (kind) => {
      const origin = demo.mcpUrl.origin;
      const transports: Record<typeof kind, () => ClientTransport> = {
        websocket: () => new WebSocketClientTransport(origin.replace('http', 'ws') + '/ws'),
        sse: () => new SseClientTransport(new URL('/sse', origin)),
        stdio: () =>
          new StdioClientTransport({ command: process.execPath, args: [builtSample()], cwd: ROOT }),
      };
      const client = new McpClient({ transport: transports[kind](), apps: true });
      clients.push(client);
      await client.connect();
      const show = byName(await client.listAllTools(), 'show_counter')!;
      expect(client.toolView(show)?.resourceUri).toBe(VIEW);
      const view = await client.readAppView(show);
      expect(view.meta).toEqual({ prefersBorder: true });
    },
  );

  describe('official SDK v1 client (2025)', () => {
    async function sdkClient(extensions?: Record<string, unknown>) {
      const client = new Client(
        { name: 'sdk1-apps', version: '1.0.0' },
        { capabilities: extensions ? ({ extensions } as never) : {} },
      );
      await client.connect(new StreamableHTTPClientTransport(demo.mcpUrl));
      return client;
    }

    it('with the extension: view tool, app-only tool and the view', async () => {
      const client = await sdkClient({
        [MCP_APPS_EXTENSION_ID]: { mimeTypes: [MCP_APP_MIME_TYPE] },
      });
      try {
        const caps = client.getServerCapabilities() as { extensions?: Record<string, unknown> };
        expect(caps.extensions?.[MCP_APPS_EXTENSION_ID]).toEqual({
          mimeTypes: [MCP_APP_MIME_TYPE],
        });
        const { tools } = await client.listTools();
        expect(byName(tools as Mcp.Tool[], 'show_counter')?._meta?.ui).toEqual({
          resourceUri: VIEW,
          visibility: ['model', 'app'],
        });
        expect(byName(tools as Mcp.Tool[], 'counter_increment')).toBeDefined();
        const read = await client.readResource({ uri: VIEW });
        expect(read.contents[0]).toMatchObject({ mimeType: MCP_APP_MIME_TYPE });
        const called = await client.callTool({ name: 'counter_increment', arguments: { by: 2 } });
        expect(called.structuredContent).toEqual({ count: expect.any(Number) });
      } finally {
        await client.close();
      }
    });

    it('without it: plain tools', async () => {
      const client = await sdkClient();
      try {
        const { tools } = await client.listTools();
        expect(byName(tools as Mcp.Tool[], 'show_counter')?._meta).toBeUndefined();
        expect(byName(tools as Mcp.Tool[], 'counter_increment')).toBeUndefined();
      } finally {
        await client.close();
      }
    });
  });
});
