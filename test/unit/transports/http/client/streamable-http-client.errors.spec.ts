import { firstValueFrom } from 'rxjs';
import { TransportError } from '../../../../../lib/errors/transport.error.js';
import type { JsonRpcMessage } from '../../../../../lib/protocol/json-rpc.js';
import { McpError } from '../../../../../lib/errors/mcp.error.js';
import { StreamableHttpClientTransport } from '../../../../../lib/transports/http/client/streamable-http-client.transport.js';
import type { StreamableHttpClientOptions } from '../../../../../lib/transports/http/client/streamable-http-client.options.js';
import {
  INITIALIZE_RESULT,
  initializeRequest,
  initializedNotification,
  openSse,
  pingRequest,
  resultFor,
  sendJson,
  startMcpScript,
  startScriptedServer,
  writeEvent,
  type ScriptHandler,
  type ScriptedServer,
  REQUESTERS,
} from './scripted-server.js';

const initialize = (id = 0) => initializeRequest(id) as JsonRpcMessage;
const initialized = initializedNotification as JsonRpcMessage;
const ping = (id: number) => pingRequest(id) as JsonRpcMessage;

/** Failures, limits and closing of the Streamable HTTP client transport. */
describe.each(REQUESTERS)('StreamableHttpClientTransport failures (%s)', (_requester, fetch) => {
  let server: ScriptedServer | undefined;
  let transport: StreamableHttpClientTransport | undefined;

  afterEach(async () => {
    await transport?.close();
    await server?.close();
    transport = undefined;
    server = undefined;
  });

  async function serve(handler?: ScriptHandler, sessionId?: string) {
    server = await startMcpScript(handler, sessionId);
    return server;
  }

  function connect(url: URL, options: StreamableHttpClientOptions = {}) {
    transport = new StreamableHttpClientTransport(url, {
      standaloneStream: false,
      fetch,
      ...options,
    });
    return transport;
  }

  it('rejects with a protocol error when a JSON reply is not JSON-RPC', async () => {
    const { url } = await serve((_request, res) => sendJson(res, 200, '<html>oops</html>'));
    const t = connect(url);
    const error = await t.send(ping(1)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ kind: 'protocol' });
  });

  it('rejects with an unknown reply content type', async () => {
    const { url } = await serve((_request, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
    });
    const t = connect(url);
    await expect(t.send(ping(1))).rejects.toMatchObject({ kind: 'protocol', status: 200 });
  });

  it('rejects with http 404 when the session is gone, and resetSession starts over', async () => {
    let expired = false;
    const { url, requests } = await serve((request, res) => {
      if (expired)
        return sendJson(res, 404, {
          jsonrpc: '2.0',
          id: null,
          error: { code: -32600, message: 'Session not found' },
        });
      sendJson(res, 200, resultFor(request));
    });
    const t = connect(url);
    await t.send(initialize());
    t.setProtocolVersion('2025-11-25');
    expired = true;
    const error = (await t.send(ping(1)).catch((e: unknown) => e)) as TransportError;
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ kind: 'http', status: 404 });
    expect(error.message).toContain('Session not found');
    expect((error.cause as McpError).code).toBe(-32600);
    t.resetSession();
    expired = false;
    await t.send(initialize(2));
    expect(requests.at(-1)!.headers['mcp-session-id']).toBeUndefined();
    expect(requests.at(-1)!.headers['mcp-protocol-version']).toBeUndefined();
  });

  it('rejects other statuses with the status and a plain-text body excerpt', async () => {
    const { url } = await serve((_request, res) => {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance');
    });
    const t = connect(url);
    await expect(t.send(ping(1))).rejects.toMatchObject({
      kind: 'http',
      status: 503,
      message: expect.stringContaining('down for maintenance'),
    });
  });

  it('rejects notifications the server refuses', async () => {
    server = await startScriptedServer((_request, res) =>
      sendJson(res, 400, { jsonrpc: '2.0', error: { code: -32600, message: 'nope' } }),
    );
    const t = connect(server.url);
    await expect(t.send(initialized)).rejects.toMatchObject({ kind: 'http', status: 400 });
  });

  it('rejects with refused when nothing listens', async () => {
    const probe = await startScriptedServer(() => undefined);
    const url = probe.url;
    await probe.close();
    const t = connect(url);
    await expect(t.send(initialize())).rejects.toMatchObject({ kind: 'refused' });
  });

  it('DELETEs the session on close (405 is fine) and completes its streams', async () => {
    const { url, waitForRequest } = await serve();
    const t = connect(url);
    await t.send(initialize());
    const completed = firstValueFrom(t.messages$, { defaultValue: 'completed' });
    await t.close();
    const request = await waitForRequest((r) => r.method === 'DELETE');
    expect(request.headers['mcp-session-id']).toBe('session-1');
    expect(await completed).toBe('completed');
    await expect(t.send(ping(1))).rejects.toMatchObject({ kind: 'closed' });
    await expect(t.start()).rejects.toMatchObject({ kind: 'closed' });
  });

  it('does not DELETE without a session', async () => {
    server = await startScriptedServer((request, res) =>
      sendJson(res, 200, resultFor(request, INITIALIZE_RESULT)),
    );
    const t = connect(server.url);
    await t.send(initialize());
    await t.close();
    expect(server.requests.map((r) => r.method)).toEqual(['POST']);
  });

  it('rejects a pending send with closed when the transport closes', async () => {
    const { url, waitForRequest } = await serve(() => undefined); // never answers
    const t = connect(url);
    const pending = t.send(ping(1));
    await waitForRequest((r) => r.json?.method === 'ping');
    await t.close();
    await expect(pending).rejects.toMatchObject({ kind: 'closed' });
  });

  it('stops reading a reply when the request is cancelled', async () => {
    const { url, waitForRequest } = await serve((request, res) => {
      if (request.json?.method !== 'ping') return;
      openSse(res);
      writeEvent(res, { id: 'a', data: '' });
    });
    const t = connect(url);
    const pending = t.send(ping(9));
    await waitForRequest((r) => r.json?.method === 'ping');
    await t.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 9 } });
    await expect(pending).resolves.toBeUndefined();
  });

  it('rejects with closed when an SSE reply ends early without an event id', async () => {
    const { url } = await serve((_request, res) => {
      openSse(res);
      writeEvent(res, {
        data: {
          jsonrpc: '2.0',
          method: 'notifications/message',
          params: { level: 'info', data: 1 },
        },
      });
      res.end();
    });
    const t = connect(url);
    await expect(t.send(ping(1))).rejects.toMatchObject({
      kind: 'closed',
      message: expect.stringContaining('cannot be resumed'),
    });
  });

  it('rejects with protocol when an SSE event exceeds maxMessageBytes', async () => {
    const { url } = await serve((_request, res) => {
      openSse(res);
      res.write(`data: ${'x'.repeat(5000)}\n\n`);
    });
    const t = connect(url, { maxMessageBytes: 1000 });
    await expect(t.send(ping(1))).rejects.toMatchObject({ kind: 'protocol' });
  });

  it('rejects a JSON reply larger than maxMessageBytes', async () => {
    const { url } = await serve((request, res) =>
      sendJson(res, 200, resultFor(request, { big: 'x'.repeat(5000) })),
    );
    const t = connect(url, { maxMessageBytes: 1000 });
    await expect(t.send(ping(1))).rejects.toMatchObject({ kind: 'protocol' });
  });

  it('validates its URL and options', () => {
    expect(() => new StreamableHttpClientTransport('ws://127.0.0.1/mcp')).toThrow(TypeError);
    expect(
      () => new StreamableHttpClientTransport('http://127.0.0.1/mcp', { maxMessageBytes: 0 }),
    ).toThrow(RangeError);
  });
});
