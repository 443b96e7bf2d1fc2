import { z } from 'zod';
import {
  McpClient,
  McpServer,
  StreamableHttpClientTransport,
  VersionNegotiationError,
  type McpClientOptions,
} from '../../../lib/index.js';
import { startApp, type TestApp } from '../support/app.js';

/** Text of the first content block of a tool result. */
function textOf(result: { content: Array<{ type: string; text?: unknown }> }): string {
  const first = result.content[0];
  return first?.type === 'text' ? String(first.text) : '';
}

/**
 * Era negotiation of our McpClient against our own server (dual era and legacy only), plus the
 * 2026-07-28 pieces the matrix server has no tool for: roots through MRTR and `Mcp-Param-*`
 * headers our server validates (values with control characters and non-ASCII included).
 */
describe('McpClient era negotiation against our server', () => {
  const clients: McpClient[] = [];
  const connect = async (app: TestApp, options: Partial<McpClientOptions> = {}) => {
    const client = new McpClient({
      transport: new StreamableHttpClientTransport(app.url, { standaloneStream: false }),
      ...options,
    });
    clients.push(client);
    await client.connect();
    return client;
  };

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  describe('a server with protocolEras: legacy', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startApp({ protocolEras: 'legacy' });
    });
    afterAll(() => app.close());

    it("'auto' falls back to initialize", async () => {
      const client = await connect(app);
      expect(client.era).toBe('legacy');
      expect(client.protocolVersion).toBe('2025-11-25');
      expect(client.serverInfo?.name).toBe('e2e-server');
      expect(await client.callTool('echo', { text: 'legacy' })).toMatchObject({
        content: [{ type: 'text', text: 'echo: legacy' }],
      });
    });

    it('a 2026-07-28 pin fails connect() instead of initializing', async () => {
      const connecting = connect(app, { versionNegotiation: { pin: '2026-07-28' } });
      await expect(connecting).rejects.toBeInstanceOf(VersionNegotiationError);
      await expect(connecting).rejects.toMatchObject({ requested: '2026-07-28' });
    });
  });

  describe('a dual-era server', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startApp();
      const server = app.app.get(McpServer);
      server.registerTool(
        { name: 'list_client_roots', description: 'Lists the client roots' },
        async (_args, ctx) => (await ctx.listRoots()).roots.map((root) => root.uri).join(','),
      );
      server.registerTool(
        {
          name: 'regional',
          description: 'Mirrors region and tenant into Mcp-Param headers',
          inputSchema: {
            region: z.string().meta({ 'x-mcp-header': 'Region' }),
            tenant: z.number().int().optional().meta({ 'x-mcp-header': 'Tenant' }),
          },
        },
        ({ region, tenant }) => `${region}/${tenant ?? '-'}`,
      );
    });
    afterAll(() => app.close());

    it("a 2025 pin initializes without probing; 'legacy' too", async () => {
      const pinned = await connect(app, { versionNegotiation: { pin: '2025-06-18' } });
      expect(pinned.era).toBe('legacy');
      expect(pinned.protocolVersion).toBe('2025-06-18');
      const legacy = await connect(app, { versionNegotiation: 'legacy' });
      expect(legacy.era).toBe('legacy');
    });

    it('answers roots/list input requests from its roots', async () => {
      const client = await connect(app, { roots: [{ uri: 'file:///work', name: 'work' }] });
      expect(client.era).toBe('modern');
      const result = await client.callTool('list_client_roots');
      expect(textOf(result)).toBe('file:///work');
    });

    it.each(['eu-west', 'Zürich', 'line1\nline2', ' padded ', 'tab\there', '=?base64?x?='])(
      'sends Mcp-Param headers the server accepts for %j',
      async (region) => {
        const client = await connect(app);
        await client.listAllTools(); // learns the x-mcp-header rules
        const result = await client.callTool('regional', { region, tenant: 7 });
        expect(result.isError).toBeFalsy();
        expect(textOf(result)).toBe(`${region}/7`);
      },
    );
  });
});
