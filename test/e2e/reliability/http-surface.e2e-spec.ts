import { McpModule, StreamableHttpHandler } from '../../../lib/index.js';
import { waitFor } from '../support/wait.js';
import { bootApp, type BootedApp } from '../nest/support/nest-app.js';
import { PLATFORMS } from '../nest/support/platforms.js';
import { postJson, rawId, rawRequest } from '../support/raw-http.js';

const initialize = (capabilities: unknown) => ({
  jsonrpc: '2.0',
  id: rawId(),
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities,
    clientInfo: { name: 'raw', version: '1' },
  },
});

/** Defect 6 of issue 11, the HTTP surface: failed initialize, other methods, X-Powered-By. */
describe.each(PLATFORMS)('the MCP HTTP path on %s', (platform) => {
  let booted: BootedApp;

  beforeAll(async () => {
    booted = await bootApp({
      platform,
      imports: [McpModule.forRoot({ name: 'surface', version: '1.0.0' })],
    });
  });

  afterAll(() => booted.close());

  it('answers a failed initialize without a session id and keeps no session', async () => {
    const failed = await postJson(booted.url(), initialize(5));
    expect(failed.status).toBe(200);
    expect(JSON.parse(failed.text)).toMatchObject({ error: { code: -32602 } });
    expect(failed.headers['mcp-session-id']).toBeUndefined();
    const handler = booted.app.get(StreamableHttpHandler, { strict: false });
    await waitFor(() => handler.sessions.size === 0, { description: 'the failed session to end' });

    const ok = await postJson(booted.url(), initialize({}));
    const sessionId = ok.headers['mcp-session-id'];
    expect(typeof sessionId).toBe('string');
  });

  it.each(['PUT', 'PATCH', 'OPTIONS'] as const)(
    'answers %s with 405, Allow and a JSON-RPC error',
    async (method) => {
      const response = await rawRequest(booted.url(), { method, headers: {} });
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('GET, POST, DELETE');
      expect(JSON.parse(response.text)).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600 },
      });
    },
  );

  it('sends no X-Powered-By on MCP responses', async () => {
    const response = await postJson(booted.url(), initialize({}));
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
