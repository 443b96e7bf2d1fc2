import { firstValueFrom, take, toArray } from 'rxjs';
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
  writeEvent,
  type ScriptHandler,
  type ScriptedServer,
  REQUESTERS,
} from './scripted-server.js';

const initialize = (id = 0) => initializeRequest(id) as JsonRpcMessage;
const initialized = initializedNotification as JsonRpcMessage;
const ping = (id: number) => pingRequest(id) as JsonRpcMessage;

/** Requests, headers, sessions and replies of the Streamable HTTP client transport. */
describe.each(REQUESTERS)('StreamableHttpClientTransport (%s)', (_requester, fetch) => {
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

  it('POSTs with both Accept types, JSON content type and the user headers', async () => {
    const { url, requests } = await serve();
    const t = connect(url, { headers: { Authorization: 'Bearer abc', accept: 'text/plain' } });
    await t.start();
    const received = firstValueFrom(t.messages$);
    await t.send(initialize());
    expect(await received).toEqual(resultFor({ json: { id: 0 } } as never, INITIALIZE_RESULT));
    expect(requests[0]!.headers).toMatchObject({
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      authorization: 'Bearer abc',
    });
    expect(requests[0]!.headers['mcp-session-id']).toBeUndefined();
  });

  it('sends the session id from the initialize reply and the protocol version once set', async () => {
    const { url, requests } = await serve((request, res) => sendJson(res, 200, resultFor(request)));
    const t = connect(url);
    await t.send(initialize());
    expect(t.sessionId).toBe('session-1');
    t.setProtocolVersion('2025-06-18');
    await t.send(initialized);
    await t.send(ping(1));
    expect(requests[1]!.headers['mcp-session-id']).toBe('session-1');
    expect(requests[1]!.headers['mcp-protocol-version']).toBe('2025-06-18');
    expect(requests[2]!.headers['mcp-protocol-version']).toBe('2025-06-18');
  });

  it('calls an async headers function before every request', async () => {
    const { url, requests } = await serve((request, res) => sendJson(res, 200, resultFor(request)));
    let n = 0;
    const t = connect(url, { headers: async () => ({ authorization: `Bearer token-${++n}` }) });
    await t.send(initialize());
    await t.send(ping(1));
    expect(requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ]);
  });

  it('rejects with the error of the headers function, unchanged', async () => {
    const { url } = await serve();
    const failure = new Error('token refresh failed');
    const t = connect(url, {
      headers: () => {
        throw failure;
      },
    });
    await expect(t.send(initialize())).rejects.toBe(failure);
  });

  it('ignores a session id sent on a reply other than initialize', async () => {
    const { url, requests } = await serve((request, res) =>
      sendJson(res, 200, resultFor(request), { 'mcp-session-id': 'intruder' }),
    );
    const t = connect(url);
    await t.send(initialize());
    await t.send(ping(1));
    await t.send(ping(2));
    expect(requests[2]!.headers['mcp-session-id']).toBe('session-1');
  });

  it('reports an invalid session id on errors$ and does not send it', async () => {
    const { url, requests } = await serve(
      (request, res) => sendJson(res, 200, resultFor(request)),
      'bad id',
    );
    const t = connect(url);
    const error = firstValueFrom(t.errors$);
    await t.send(initialize());
    expect((await error).message).toMatch(/invalid Mcp-Session-Id/);
    await t.send(ping(1));
    expect(requests[1]!.headers['mcp-session-id']).toBeUndefined();
  });

  it('delivers every message of a JSON batch reply', async () => {
    const { url } = await serve((request, res) =>
      sendJson(res, 200, [
        { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } },
        resultFor(request, { ok: true }),
      ]),
    );
    const t = connect(url);
    const received = firstValueFrom(t.messages$.pipe(take(2), toArray()));
    await t.send(ping(7));
    expect(await received).toEqual([
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } },
      { jsonrpc: '2.0', id: 7, result: { ok: true } },
    ]);
  });

  it('reads an SSE reply: notifications first, then the response', async () => {
    const { url } = await serve((request, res) => {
      openSse(res);
      writeEvent(res, { id: 'e1', data: '' });
      writeEvent(res, {
        id: 'e2',
        data: {
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: 1, progress: 1 },
        },
      });
      writeEvent(res, { event: 'ping', data: 'not json, other event type' });
      writeEvent(res, { id: 'e3', data: resultFor(request, { done: 1 }) });
      res.end();
    });
    const t = connect(url);
    const received = firstValueFrom(t.messages$.pipe(take(2), toArray()));
    await t.send(ping(3));
    expect((await received).map((m) => ('method' in m ? m.method : m.id))).toEqual([
      'notifications/progress',
      3,
    ]);
  });

  it('reports garbage SSE data on errors$ and keeps reading', async () => {
    const { url } = await serve((request, res) => {
      openSse(res);
      writeEvent(res, { data: '{not json' });
      writeEvent(res, { data: { hello: 'world' } });
      writeEvent(res, { data: resultFor(request) });
      res.end();
    });
    const t = connect(url);
    const errors = firstValueFrom(t.errors$.pipe(take(2), toArray()));
    const response = firstValueFrom(t.messages$);
    await t.send(ping(4));
    expect(await response).toEqual({ jsonrpc: '2.0', id: 4, result: {} });
    const [parse, invalid] = await errors;
    expect(parse).toBeInstanceOf(TransportError);
    expect((parse as TransportError).kind).toBe('protocol');
    expect((parse as Error & { cause: McpError }).cause.code).toBe(-32700);
    expect((invalid as Error & { cause: McpError }).cause.code).toBe(-32600);
  });
});
