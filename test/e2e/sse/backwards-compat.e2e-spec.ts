import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport, SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { TransportError } from '../../../lib/errors/transport.error.js';
import { McpClient } from '../../../lib/client/mcp-client.js';
import {
  createStreamableHttpTransportWithFallback,
  type FallbackClientTransport,
} from '../../../lib/transports/http/client/legacy-fallback.transport.js';
import { SseClientTransport } from '../../../lib/transports/sse/sse-client.transport.js';
import { connectClient } from '../support/client.js';
import { jsonBody, postJson, rawId, rawRequest } from '../support/raw-http.js';
import { waitFor } from '../support/wait.js';
import { openRawSseSession } from './support/raw-sse.js';
import { startSseApp, type SseTestApp } from './support/sse-app.js';
import { connectSdkSse } from './support/sdk-sse-client.js';

interface Connected {
  client: Client;
  kind: 'streamable-http' | 'sse';
  /** Why Streamable HTTP was given up, when it was. */
  fallbackReason?: unknown;
}

/**
 * The "client supports both" pattern of the SDK documentation (Backwards compatibility):
 * try Streamable HTTP at the URL; when that fails, connect a fresh client over HTTP+SSE to the
 * same URL.
 */
async function connectWithFallback(url: URL): Promise<Connected> {
  const info = { name: 'fallback-client', version: '1.0.0' };
  const modern = new Client(info);
  try {
    await modern.connect(new StreamableHTTPClientTransport(url));
    return { client: modern, kind: 'streamable-http' };
  } catch (fallbackReason) {
    await modern.close();
    const legacy = new Client(info);
    await legacy.connect(new SSEClientTransport(url));
    return { client: legacy, kind: 'sse', fallbackReason };
  }
}

const initialize = () => ({
  jsonrpc: '2.0',
  id: rawId(),
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'raw-fallback', version: '1.0.0' },
  },
});

describe('backwards compatibility: Streamable HTTP (/mcp) and HTTP+SSE (/sse) side by side', () => {
  let app: SseTestApp;
  const clients: Array<{ close(): Promise<void> }> = [];

  beforeAll(async () => {
    app = await startSseApp();
  });

  afterAll(async () => {
    await app.close();
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await waitFor(() => app.sse.sessionCount === 0, { description: 'SSE sessions to end' });
  });

  it('spec fallback on the wire: POST initialize to /sse gets 405, then GET /sse opens with endpoint', async () => {
    const post = await postJson(app.sseUrl, initialize());
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET');
    const session = await openRawSseSession(app.sseUrl);
    expect(session.endpoint).toBe(`/messages?sessionId=${session.sessionId}`);
    session.stream.abort();
  });

  it('a legacy GET at the Streamable HTTP endpoint gets 400 with a JSON-RPC body, and no session', async () => {
    const response = await rawRequest(app.mcpUrl, {
      method: 'GET',
      headers: { accept: 'text/event-stream' },
    });
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(jsonBody(response)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Mcp-Session-Id header is required' },
    });
    expect(app.server.sessionCount).toBe(0);
  });

  it('legacy-only clients pointed at /mcp fail cleanly (SDK SseError 400, our TransportError http 400)', async () => {
    const sdk = new Client({ name: 'legacy-only', version: '1.0.0' });
    const failure = await sdk.connect(new SSEClientTransport(app.mcpUrl)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(SseError);
    expect(failure).toMatchObject({ code: 400 });
    await sdk.close();

    const ours = new SseClientTransport(app.mcpUrl);
    const error = await ours.start().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ kind: 'http', status: 400 });
    expect((error as Error).message).toContain('Mcp-Session-Id header is required');
    await ours.close();
    expect(app.server.sessionCount).toBe(0);
  });

  it('a "supports both" client given /mcp stays on Streamable HTTP', async () => {
    const connected = await connectWithFallback(app.mcpUrl);
    clients.push(connected.client);
    expect(connected.kind).toBe('streamable-http');
    const result = await connected.client.callTool({ name: 'echo', arguments: { text: 'new' } });
    expect(result.content).toEqual([{ type: 'text', text: 'echo: new' }]);
    expect(app.sse.sessionCount).toBe(0);
  });

  it('a "supports both" client given /sse falls back to HTTP+SSE after the 405', async () => {
    const connected = await connectWithFallback(app.sseUrl);
    clients.push(connected.client);
    expect(connected.kind).toBe('sse');
    expect(connected.fallbackReason).toBeInstanceOf(StreamableHTTPError);
    expect(connected.fallbackReason).toMatchObject({ code: 405 });
    expect(app.sse.sessionCount).toBe(1);
    const result = await connected.client.callTool({ name: 'echo', arguments: { text: 'old' } });
    expect(result.content).toEqual([{ type: 'text', text: 'echo: old' }]);
  });

  describe('our McpClient with the Streamable HTTP transport falling back to SseClientTransport', () => {
    const connectOurs = async (url: URL): Promise<FallbackClientTransport> => {
      const transport = createStreamableHttpTransportWithFallback(url, {
        legacyTransport: (legacyUrl) => new SseClientTransport(legacyUrl),
      });
      const client = new McpClient({ transport });
      clients.push(client);
      await client.connect();
      const result = await client.callTool('echo', { text: 'either way' });
      expect(result.content).toEqual([{ type: 'text', text: 'echo: either way' }]);
      return transport;
    };

    it('given /mcp, stays on Streamable HTTP', async () => {
      const transport = await connectOurs(app.mcpUrl);
      expect(transport.isFallback).toBe(false);
      expect(app.sse.sessionCount).toBe(0);
    });

    it('given /sse, falls back after the 405 and talks HTTP+SSE', async () => {
      const transport = await connectOurs(app.sseUrl);
      expect(transport.isFallback).toBe(true);
      expect(transport.active).toBeInstanceOf(SseClientTransport);
      expect(app.sse.sessionCount).toBe(1);
    });
  });

  it('old and new clients share one server: list changes reach both', async () => {
    const modern = await connectClient(app.mcpUrl);
    clients.push(modern);
    const legacy = await connectSdkSse(app.sseUrl);
    clients.push(legacy);
    let modernSaw = 0;
    let legacySaw = 0;
    modern.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      modernSaw++;
    });
    legacy.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      legacySaw++;
    });
    await modern.standaloneStream;
    app.server.registerTool({ name: 'late_tool', description: 'added at runtime' }, () => 'late');
    try {
      await waitFor(() => modernSaw > 0 && legacySaw > 0, { description: 'both notifications' });
      const viaSse = await legacy.client.callTool({ name: 'late_tool', arguments: {} });
      expect(viaSse.content).toEqual([{ type: 'text', text: 'late' }]);
      const viaHttp = await modern.client.callTool({ name: 'late_tool', arguments: {} });
      expect(viaHttp.content).toEqual([{ type: 'text', text: 'late' }]);
    } finally {
      app.server.removeTool('late_tool');
    }
  });
});
