import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { McpClient, StreamableHttpClientTransport } from '../../../lib/index.js';
import { provideGlobalWebSocket } from '../matrix/support/sdk-websocket.js';
import { startDemoApp, type RunningDemo } from '../samples/support/demo-app.js';

/** The demo served over stdio after the build (`sample/03-stdio`). */
const STDIO_MAIN = fileURLToPath(new URL('../../../dist/sample/03-stdio/main.js', import.meta.url));

interface RequestInfo {
  transport: string;
  era: string;
  visits?: number;
  http?: {
    scheme?: string;
    host?: string;
    port?: number;
    path?: string;
    query: object;
    userAgent?: string;
    remoteAddress?: string;
  };
  stdio?: { pid: number; envVars: number };
  arguments: Record<string, unknown>;
}

/**
 * The request helpers of `McpContext` (`ctx.http`, `ctx.stdio`, `ctx.rawParams`, session state and
 * `ctx.clearSession()`) as the demo's `request_info` tool reports them, over every transport,
 * driven by the official SDK client (and McpClient for the 2026-07-28 stateless era).
 */
describe('demo request_info: request frame helpers on every transport', () => {
  let demo: RunningDemo;
  let restoreWebSocket: () => void;
  const clients: Array<{ close(): Promise<void> }> = [];

  beforeAll(async () => {
    restoreWebSocket = provideGlobalWebSocket();
    demo = await startDemoApp();
  });

  afterAll(async () => {
    for (const client of clients) await client.close().catch(() => undefined);
    await demo?.close();
    restoreWebSocket?.();
  });

  const origin = () => demo.mcpUrl.origin;
  const port = () => Number(demo.mcpUrl.port);

  async function sdkClient(transport: Transport): Promise<Client> {
    const client = new Client({ name: 'frame-e2e', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  async function info(client: Client, args: Record<string, unknown> = {}): Promise<RequestInfo> {
    const result = await client.callTool({ name: 'request_info', arguments: args });
    expect(result.isError).toBeFalsy();
    return result.structuredContent as unknown as RequestInfo;
  }

  it('Streamable HTTP (2025 session): URL facts, headers, raw params, session state and its reset', async () => {
    const url = new URL('/mcp?tenant=acme&tag=a&tag=b', origin());
    const client = await sdkClient(new StreamableHTTPClientTransport(url));
    const first = await info(client);
    expect(first).toMatchObject({
      transport: 'streamable-http',
      era: 'legacy',
      visits: 1,
      http: {
        scheme: 'http',
        host: '127.0.0.1',
        port: port(),
        path: '/mcp',
        query: { tenant: 'acme', tag: ['a', 'b'] },
        remoteAddress: '127.0.0.1', // read from the socket when the handler asks
      },
      arguments: {}, // raw: the schema default (reset: false) is not in the raw params
    });
    expect(first.stdio).toBeUndefined();
    // The header getter: the SDK client's fetch sends a User-Agent.
    expect(first.http).toHaveProperty('userAgent', expect.any(String));
    expect((await info(client)).visits).toBe(2);
    const reset = await info(client, { reset: true });
    expect(reset).toMatchObject({ visits: 1, arguments: { reset: true } });
  });

  it('Streamable HTTP (2026-07-28 stateless, McpClient): the POST of each request, no session', async () => {
    const client = new McpClient({
      transport: new StreamableHttpClientTransport(new URL('/mcp?tenant=modern', origin()), {
        standaloneStream: false,
      }),
    });
    clients.push(client);
    await client.connect();
    expect(client.protocolVersion).toBe('2026-07-28');
    const result = await client.callTool('request_info', {});
    const body = result.structuredContent as unknown as RequestInfo;
    expect(body).toMatchObject({
      transport: 'streamable-http',
      era: 'modern',
      http: {
        scheme: 'http',
        host: '127.0.0.1',
        port: port(),
        path: '/mcp',
        query: { tenant: 'modern' },
        remoteAddress: '127.0.0.1',
      },
    });
    expect(body.visits).toBeUndefined();
  });

  it('HTTP+SSE: the message POST (its sessionId query), session state per SSE session', async () => {
    const client = await sdkClient(new SSEClientTransport(new URL('/sse', origin())));
    const first = await info(client);
    expect(first).toMatchObject({
      transport: 'sse',
      era: 'legacy',
      visits: 1,
      http: { scheme: 'http', host: '127.0.0.1', port: port(), path: '/messages' },
    });
    expect(first.http?.query).toEqual({ sessionId: expect.any(String) });
    expect((await info(client)).visits).toBe(2);
  });

  it('WebSocket: the upgrade request (path and query of the ws URL)', async () => {
    const wsUrl = new URL(`ws://127.0.0.1:${port()}/ws?tenant=ws`);
    const client = await sdkClient(new WebSocketClientTransport(wsUrl));
    expect(await info(client)).toMatchObject({
      transport: 'websocket',
      visits: 1,
      http: {
        scheme: 'http',
        host: '127.0.0.1',
        port: port(),
        path: '/ws',
        query: { tenant: 'ws' },
      },
    });
  });

  it('stdio: the process id and a frozen environment, no HTTP facts', async () => {
    if (!existsSync(STDIO_MAIN)) throw new Error(`${STDIO_MAIN} is missing: run "npm run build"`);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [STDIO_MAIN],
      env: { PATH: process.env.PATH ?? '', FRAME_E2E: '1' },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', () => undefined);
    const client = await sdkClient(transport);
    const body = await info(client);
    expect(body).toMatchObject({ transport: 'stdio', era: 'legacy', visits: 1 });
    expect(body.http).toBeUndefined();
    expect(body.stdio?.pid).toBe(transport.pid);
    expect(body.stdio?.envVars).toBeGreaterThanOrEqual(2);
  });
});
