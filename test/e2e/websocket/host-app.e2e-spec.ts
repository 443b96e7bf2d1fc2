import { WebSocket } from 'ws';
import { within } from '../support/wait.js';
import { RawSocket } from './support/raw-socket.js';
import { startWsApp, type WsTestApp } from './support/ws-app.js';

/** One round trip with the host app's own Nest gateway (`{ event, data }` messages). */
async function appGatewayEcho(url: URL, data: unknown): Promise<unknown> {
  const ws = new WebSocket(url);
  try {
    await within(
      new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject)),
      5000,
      'app gateway open',
    );
    const reply = new Promise<unknown>((resolve) =>
      ws.once('message', (m) => resolve(JSON.parse(String(m)))),
    );
    ws.send(JSON.stringify({ event: 'echo', data }));
    return await within(reply, 5000, 'app gateway reply');
  } finally {
    ws.close();
  }
}

describe('MCP WebSocket gateway in an app with its own WsAdapter gateway', () => {
  let server: WsTestApp;
  const sockets: RawSocket[] = [];
  const open = async (protocols?: string[]) => {
    const socket = await RawSocket.open(server.wsUrl, protocols);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    server = await startWsApp({ adapter: 'ws-adapter' });
  });

  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
  });

  afterAll(async () => {
    await server.close();
  });

  it('registers through the app’s WsAdapter and selects the mcp subprotocol', async () => {
    const socket = await open(['mcp']);
    expect(server.gateway.mode).toBe('ws-adapter');
    expect(socket.ws.protocol).toBe('mcp');
    const init = await socket.initialize();
    expect(init).toMatchObject({ result: { serverInfo: { name: 'ws-e2e' } } });
  });

  it('serves a client that offers no subprotocol (none selected)', async () => {
    const socket = await open([]);
    expect(socket.ws.protocol).toBe('');
    await socket.initialize();
    await expect(socket.request(1, 'ping')).resolves.toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('keeps the app’s own gateway, its controller and the HTTP MCP endpoint working', async () => {
    const mcp = await open();
    await mcp.initialize();
    await expect(appGatewayEcho(server.url('/app-ws'), { n: 1 })).resolves.toEqual({
      event: 'echoed',
      data: { n: 1 },
    });
    const echo = await mcp.request(2, 'tools/call', { name: 'echo', arguments: { text: 'ws' } });
    expect(echo).toMatchObject({ result: { content: [{ type: 'text', text: 'echo: ws' }] } });
    await expect(appGatewayEcho(server.url('/app-ws'), 'again')).resolves.toEqual({
      event: 'echoed',
      data: 'again',
    });

    const hello = await fetch(server.url('/hello', 'http'));
    expect(hello.status).toBe(200);
    await expect(hello.json()).resolves.toEqual({ hello: 'world' });

    const http = await fetch(server.url('/mcp', 'http'), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'h', version: '1' },
        },
      }),
    });
    expect(http.status).toBe(200);
    expect(http.headers.get('mcp-session-id')).toBeTruthy();
    await http.text();
  });
});

describe('MCP WebSocket gateway in an app without a WS adapter', () => {
  let server: WsTestApp;

  beforeAll(async () => {
    server = await startWsApp({ adapter: 'none' });
  });

  afterAll(async () => {
    await server.close();
  });

  it('mounts its own path-scoped upgrade listener and serves MCP', async () => {
    expect(server.gateway.mode).toBe('upgrade-listener');
    const socket = await RawSocket.open(server.wsUrl);
    await socket.initialize();
    await expect(socket.request(1, 'tools/list')).resolves.toMatchObject({
      result: { tools: expect.arrayContaining([expect.objectContaining({ name: 'echo' })]) },
    });
    await socket.close();
  });

  it('answers an upgrade to another path with 404 and keeps the HTTP routes', async () => {
    await expect(RawSocket.refusal(server.url('/elsewhere'))).resolves.toBe(404);
    const hello = await fetch(server.url('/hello', 'http'));
    await expect(hello.json()).resolves.toEqual({ hello: 'world' });
  });
});

describe.each(['ws-adapter', 'none'] as const)('app shutdown (adapter %s)', (adapter) => {
  it('closes open MCP sockets with 1001 and ends their sessions', async () => {
    const server = await startWsApp({ adapter });
    const socket = await RawSocket.open(server.wsUrl);
    await socket.initialize();
    expect(server.server.sessionCount).toBe(1);
    await server.close();
    await expect(socket.whenClosed()).resolves.toEqual({
      code: 1001,
      reason: 'Server shutting down',
    });
    expect(server.server.sessionCount).toBe(0);
  });
});
