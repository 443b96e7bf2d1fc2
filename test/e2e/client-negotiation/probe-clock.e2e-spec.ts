import {
  LoopbackOAuthInteraction,
  McpClient,
  McpOAuthClient,
  StreamableHttpClientTransport,
  VersionNegotiationError,
  type McpClientOptions,
} from '../../../lib/index.js';
import { startProtectedMcpApp } from '../auth/support/protected-mcp-app.js';
import { startTinyAuthorizationServer } from '../auth/support/tiny-authorization-server.js';
import { startApp, type TestApp } from '../support/app.js';
import { startSlowProxy, type SlowProxy } from './support/slow-proxy.js';

/** How long the slow server takes to answer its first request (the old probe gave up at 5 s). */
const SLOW_MS = 8_000;

/**
 * The era negotiation's clock on real sockets: a dual-era Nest server that answers its first
 * request (`server/discover`) after 8 s is a slow server, not a legacy one, in `auto` and pinned
 * modes; a probe that runs out fails clearly and tells the server nothing it may refuse; a
 * browser login longer than the probe limit does not count against it.
 */
describe('McpClient version negotiation clock', () => {
  let app: TestApp;
  let proxy: SlowProxy;
  const clients: McpClient[] = [];
  const client = (options: Partial<McpClientOptions> = {}) => {
    const made = new McpClient({
      transport: new StreamableHttpClientTransport(proxy.url, { standaloneStream: false }),
      ...options,
    });
    clients.push(made);
    return made;
  };

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    proxy = await startSlowProxy(app.url, SLOW_MS);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await proxy.close();
  });

  it("'auto' waits for a server slow to answer server/discover and speaks 2026-07-28", async () => {
    const auto = client();
    await auto.connect();
    expect(auto.era).toBe('modern');
    expect(auto.protocolVersion).toBe('2026-07-28');
    expect(await auto.callTool('echo', { text: 'late' })).toMatchObject({
      content: [{ type: 'text', text: 'echo: late' }],
    });
    expect(proxy.methods).not.toContain('initialize');
    expect(proxy.methods).not.toContain('notifications/cancelled');
  }, 60_000);

  it('a 2026-07-28 pin gives server/discover the normal request timeout', async () => {
    const pinned = client({ versionNegotiation: { pin: '2026-07-28' } });
    await pinned.connect();
    expect(pinned.era).toBe('modern');
    expect(proxy.methods[0]).toBe('server/discover');
  }, 60_000);

  it('a probe that runs out fails connect() naming probeTimeoutMs and sends no notifications/cancelled', async () => {
    const impatient = client({ probeTimeoutMs: 1_000 });
    const connecting = impatient.connect();
    await expect(connecting).rejects.toBeInstanceOf(VersionNegotiationError);
    await expect(connecting).rejects.toThrow(/no answer within 1000 ms \(probeTimeoutMs/);
    // The held-back discover is answered after SLOW_MS; nothing else was ever sent.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(proxy.methods).toEqual(['server/discover']);
  }, 60_000);
});

describe('McpClient version negotiation with an OAuth login longer than the probe limit', () => {
  it('keeps the login outside the probe clock and speaks 2026-07-28', async () => {
    let issuer = '';
    const protectedApp = await startProtectedMcpApp(() => issuer);
    const as = await startTinyAuthorizationServer((token) => protectedApp.valid.add(token));
    issuer = as.issuer;
    // The "human": takes 6 s to log in, six times the probe limit (and past the old fixed 5 s).
    const interaction = new LoopbackOAuthInteraction({
      onAuthorizationUrl: async (url) => {
        await new Promise((resolve) => setTimeout(resolve, 6_000));
        await (await fetch(url)).text();
      },
    });
    const oauthClient = new McpClient({
      transport: new StreamableHttpClientTransport(protectedApp.mcpUrl, {
        auth: new McpOAuthClient({ interaction }),
        standaloneStream: false,
      }),
      probeTimeoutMs: 1_000,
    });
    try {
      await oauthClient.connect();
      expect(oauthClient.era).toBe('modern');
      const result = await oauthClient.callTool<{ word: string }>('echo', { word: 'in' });
      expect(result.structuredContent?.word).toBe('in');
      expect(as.to('/authorize')).toHaveLength(1);
    } finally {
      await oauthClient.close();
      await interaction.close();
      await protectedApp.close();
      await as.close();
    }
  }, 60_000);
});
