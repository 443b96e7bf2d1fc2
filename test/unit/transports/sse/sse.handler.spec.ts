import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpContext } from '../../../../lib/server/context/mcp-context.js';
import { McpServer } from '../../../../lib/server/mcp-server.js';
import { SseHandler } from '../../../../lib/transports/sse/sse.handler.js';
import type { SseTransportOptions } from '../../../../lib/transports/sse/sse-transport.options.js';

interface Stream {
  res: IncomingMessage;
  /** Resolves with the next complete event block (`field: value` lines), or undefined at the end. */
  next(): Promise<string | undefined>;
  abort(): void;
}

/** Opens GET `path` and reads it block by block. */
function openStream(port: number, path: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.setEncoding('utf8');
      res.on('error', () => undefined);
      let buffer = '';
      const blocks: string[] = [];
      const waiters: Array<(b: string | undefined) => void> = [];
      let ended = false;
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const waiter = waiters.shift();
          if (waiter) waiter(block);
          else blocks.push(block);
        }
      });
      res.on('close', () => {
        ended = true;
        for (const waiter of waiters.splice(0)) waiter(undefined);
      });
      resolve({
        res,
        next: () =>
          new Promise((done) => {
            const block = blocks.shift();
            if (block !== undefined || ended) done(block);
            else waiters.push(done);
          }),
        abort: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** POSTs text; resolves with status, headers and body. */
function post(
  port: number,
  path: string,
  body: string,
  method = 'POST',
): Promise<{ status: number; allow?: string; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method, headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const endpointOf = (block: string | undefined) =>
  /^event: endpoint\ndata: (.*)$/.exec(block ?? '')?.[1];

describe('SseHandler (bare Node server)', () => {
  let server: McpServer;
  let handler: SseHandler;
  let http$: http.Server;
  let port: number;
  let route: (req: IncomingMessage, res: ServerResponse) => void;

  async function listen(options: SseTransportOptions = {}): Promise<void> {
    handler = new SseHandler(server.core, { keepAliveMs: 0, ...options });
    route = (req, res) => void handler.handle(req, res);
    http$ = http.createServer((req, res) => route(req, res));
    await new Promise<void>((resolve) => http$.listen(0, '127.0.0.1', resolve));
    port = (http$.address() as AddressInfo).port;
  }

  beforeEach(() => {
    server = new McpServer({ name: 'unit-sse', version: '1.0.0' });
    server.registerTool(
      { name: 'kind', description: 'transport kind' },
      (_a: unknown, ctx: McpContext) => `${ctx.transport.kind} ${ctx.session?.id}`,
    );
  });

  afterEach(async () => {
    server.close();
    http$.closeAllConnections();
    await new Promise<void>((resolve) => http$.close(() => resolve()));
  });

  it('serves GET /sse and POST /messages by default, and carries a full exchange', async () => {
    await listen();
    const stream = await openStream(port, '/sse');
    expect(stream.res.headers['content-type']).toBe('text/event-stream');
    const endpoint = endpointOf(await stream.next());
    expect(endpoint).toMatch(/^\/messages\?sessionId=[0-9a-f-]{36}$/);
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2024-11-05',
        capabilities: {},
        clientInfo: { name: 'u', version: '1' },
      },
    };
    expect((await post(port, endpoint!, JSON.stringify(init))).status).toBe(202);
    const reply = await stream.next();
    expect(reply).toMatch(
      /^event: message\ndata: \{"jsonrpc":"2.0","id":1,"result":\{"protocolVersion":"2024-11-05"/,
    );
    await post(
      port,
      endpoint!,
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    );
    await post(
      port,
      endpoint!,
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'kind' } }),
    );
    const sessionId = endpoint!.split('=')[1];
    expect(await stream.next()).toBe(
      `event: message\ndata: {"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"sse ${sessionId}"}]}}`,
    );
    stream.abort();
  });

  it('routes custom paths (trailing slash tolerated); 405 for other methods; 404 elsewhere', async () => {
    await listen({ path: 'legacy/stream/', messagesPath: '/legacy/post' });
    const stream = await openStream(port, '/legacy/stream/');
    expect(endpointOf(await stream.next())).toMatch(/^\/legacy\/post\?sessionId=/);
    stream.abort();
    expect(await post(port, '/legacy/stream', '{}')).toMatchObject({ status: 405, allow: 'GET' });
    expect(await post(port, '/legacy/post', '', 'GET')).toMatchObject({
      status: 405,
      allow: 'POST',
    });
    const missing = await post(port, '/elsewhere', '{}');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text)).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
  });

  it('appends sessionId with & to an endpoint that already has a query', async () => {
    await listen();
    route = (req, res) => handler.handleGet(req, res, '/api/messages?tenant=a');
    const stream = await openStream(port, '/sse');
    expect(endpointOf(await stream.next())).toMatch(/^\/api\/messages\?tenant=a&sessionId=/);
    stream.abort();
  });

  it('uses a body the framework already parsed', async () => {
    await listen();
    const stream = await openStream(port, '/sse');
    const endpoint = endpointOf(await stream.next())!;
    route = (req, res) =>
      void handler.handlePost(req, res, { jsonrpc: '2.0', id: 5, method: 'ping' });
    expect((await post(port, endpoint, 'ignored')).status).toBe(202);
    expect(await stream.next()).toBe('event: message\ndata: {"jsonrpc":"2.0","id":5,"result":{}}');
    stream.abort();
  });

  it('does not keep a session for a client that is gone before the stream opens', async () => {
    await listen();
    let done!: () => void;
    const handled = new Promise<void>((resolve) => (done = resolve));
    route = (req, res) => {
      req.socket.destroy();
      handler.handleGet(req, res);
      done();
    };
    await openStream(port, '/sse').catch(() => undefined);
    await handled;
    expect(handler.sessionCount).toBe(0);
    expect(server.sessionCount).toBe(0);
  });

  it('close() ends every stream and session', async () => {
    await listen();
    const stream = await openStream(port, '/sse');
    await stream.next();
    expect(handler.sessionCount).toBe(1);
    handler.close();
    expect(await stream.next()).toBeUndefined();
    expect(handler.sessionCount).toBe(0);
    expect(server.sessionCount).toBe(0);
  });

  it('skips the Origin check when DNS-rebinding protection is off', async () => {
    await listen({ dnsRebindingProtection: false });
    const refused = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, path: '/sse', headers: { origin: 'https://elsewhere.example' } },
        (res) => {
          resolve(res.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(refused).toBe(200);
  });
});
