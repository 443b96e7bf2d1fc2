import { McpServer } from '../../lib/index.js';
import { startApp, type TestApp } from './support/app.js';
import { connectClient } from './support/client.js';
import { postJson, rawId, rawRequest, rpcMessages } from './support/raw-http.js';
import { waitFor } from './support/wait.js';

const VERSION_HEADER = { 'mcp-protocol-version': '2025-11-25' };

describe('stateless mode', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startApp({ stateless: true });
  });

  afterAll(async () => {
    await server.close();
  });

  it('answers initialize without a session id', async () => {
    const id = rawId();
    const response = await postJson(server.url, {
      jsonrpc: '2.0',
      id,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'x', version: '1' },
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers['mcp-session-id']).toBeUndefined();
    expect(rpcMessages(response)).toEqual([
      expect.objectContaining({
        id,
        result: expect.objectContaining({ protocolVersion: '2025-11-25' }),
      }),
    ]);
  });

  it('serves a tools/call POST on its own, with no handshake and no session', async () => {
    const id = rawId();
    const response = await postJson(
      server.url,
      {
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'solo' } },
      },
      VERSION_HEADER,
    );
    expect(response.status).toBe(200);
    expect(response.headers['mcp-session-id']).toBeUndefined();
    expect(rpcMessages(response)).toEqual([
      { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'echo: solo' }] } },
    ]);
  });

  it('gives each POST its own context: no session, the header’s protocol version', async () => {
    for (const version of ['2025-11-25', '2025-06-18']) {
      const id = rawId();
      const response = await postJson(
        server.url,
        { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'whoami', arguments: {} } },
        { 'mcp-protocol-version': version },
      );
      const [message] = rpcMessages(response);
      expect((message.result as { structuredContent: unknown }).structuredContent).toEqual({
        sessionId: null,
        protocolVersion: version,
      });
    }
  });

  it('streams progress and the result on the POST itself', async () => {
    const id = rawId();
    const response = await postJson(
      server.url,
      {
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'progress_logs', arguments: { steps: 2 }, _meta: { progressToken: 'sp' } },
      },
      VERSION_HEADER,
    );
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const messages = rpcMessages(response);
    expect(messages.filter((m) => m.method === 'notifications/progress')).toHaveLength(2);
    expect(messages.at(-1)).toMatchObject({
      id,
      result: { content: [{ type: 'text', text: 'did 2 steps' }] },
    });
  });

  it('answers a notification with 202', async () => {
    const response = await postJson(
      server.url,
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      VERSION_HEADER,
    );
    expect(response.status).toBe(202);
  });

  it('answers GET with 405', async () => {
    const response = await rawRequest(server.url, {
      method: 'GET',
      headers: { accept: 'text/event-stream', ...VERSION_HEADER },
    });
    expect(response.status).toBe(405);
  });

  it('answers DELETE with 405', async () => {
    const response = await rawRequest(server.url, { method: 'DELETE', headers: VERSION_HEADER });
    expect(response.status).toBe(405);
  });

  it('works with the SDK client (no session id; the GET stream is declined)', async () => {
    const peer = await connectClient(server.url);
    try {
      expect(peer.transport.sessionId).toBeUndefined();
      const result = await peer.client.callTool({ name: 'echo', arguments: { text: 'sdk' } });
      expect(result.content).toEqual([{ type: 'text', text: 'echo: sdk' }]);
      const { tools } = await peer.client.listTools();
      expect(tools.map((t) => t.name)).toContain('echo');
      expect(peer.wire.filter((w) => w.method === 'GET').map((w) => w.status)).toEqual([405]);
    } finally {
      await peer?.close();
    }
  });

  it('keeps no session once the replies are done', async () => {
    const mcp = server.app.get(McpServer, { strict: false });
    await postJson(
      server.url,
      {
        jsonrpc: '2.0',
        id: rawId(),
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'x' } },
      },
      VERSION_HEADER,
    );
    expect(server.handler.sessions.size).toBe(0);
    await waitFor(() => mcp.sessionCount === 0, { description: 'transient sessions to close' });
  });
});
