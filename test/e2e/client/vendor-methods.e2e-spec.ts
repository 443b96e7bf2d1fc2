import { z } from 'zod';
import {
  McpClient,
  McpServer,
  StreamableHttpClientTransport,
  TransportError,
  type McpClientOptions,
} from '../../../lib/index.js';
import { startApp, type TestApp } from '../support/app.js';

/** McpClient sends a server's vendor methods and notifications, in both eras, on real sockets. */
describe('McpClient vendor methods and notifications', () => {
  let app: TestApp;
  const seen: string[] = [];
  const clients: McpClient[] = [];

  beforeAll(async () => {
    app = await startApp();
    const server = app.app.get(McpServer);
    server.registerMethod<{ q: string }>('acme/search', ({ q }) => ({
      hits: [`${q}-1`, `${q}-2`],
    }));
    server.onClientNotification((event) => void seen.push(event.method));
  });
  afterAll(() => app.close());
  afterEach(() => Promise.all(clients.splice(0).map((c) => c.close())));

  const connect = async (options: Partial<McpClientOptions>) => {
    const client = new McpClient({
      transport: new StreamableHttpClientTransport(app.url, { standaloneStream: false }),
      ...options,
    });
    clients.push(client);
    await client.connect();
    return client;
  };

  it.each([
    ['2025-11-25', { versionNegotiation: { pin: '2025-11-25' } }],
    ['2026-07-28', { versionNegotiation: { pin: '2026-07-28' } }],
  ] as const)('%s: request() sends a vendor method, checked by a schema', async (_era, options) => {
    const client = await connect(options);
    const Hits = z.object({ hits: z.array(z.string()) });
    const result = await client.request('acme/search', { q: 'mcp' }, { schema: Hits });
    expect(result.hits).toEqual(['mcp-1', 'mcp-2']);
    const wrong = client.request(
      'acme/search',
      { q: 'x' },
      { schema: z.object({ n: z.number() }) },
    );
    await expect(wrong).rejects.toBeInstanceOf(TransportError);
    await expect(wrong).rejects.toMatchObject({ kind: 'protocol' });
    // Spec methods stay typed and checked as before.
    const { tools } = await client.request('tools/list', {});
    expect(tools.length).toBeGreaterThan(0);
  });

  it('notify() sends a vendor notification; a notification the era lacks is refused', async () => {
    const legacy = await connect({ versionNegotiation: { pin: '2025-11-25' } });
    await legacy.notify('acme/heartbeat', { n: 1 });
    for (let i = 0; i < 100 && !seen.includes('acme/heartbeat'); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(seen).toContain('acme/heartbeat');
    const modern = await connect({ versionNegotiation: { pin: '2026-07-28' } });
    await expect(modern.notify('notifications/initialized')).rejects.toThrow(
      /Not sent: notifications\/initialized does not exist in the 2026-07-28 era/,
    );
  });
});
