import type { ServerResponse } from 'node:http';
import { filter, firstValueFrom } from 'rxjs';
import { TransportError } from '../../../../../lib/errors/transport.error.js';
import type { JsonRpcMessage } from '../../../../../lib/protocol/json-rpc.js';
import { StreamableHttpClientTransport } from '../../../../../lib/transports/http/client/streamable-http-client.transport.js';
import type { StreamableHttpClientOptions } from '../../../../../lib/transports/http/client/streamable-http-client.options.js';
import {
  INITIALIZE_RESULT,
  openSse,
  resultFor,
  sendJson,
  startScriptedServer,
  writeEvent,
  type RecordedRequest,
  type ScriptedServer,
  REQUESTERS,
} from './scripted-server.js';

const initialize: JsonRpcMessage = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 't', version: '1' },
  },
};
const initialized: JsonRpcMessage = { jsonrpc: '2.0', method: 'notifications/initialized' };
const call = (id: number): JsonRpcMessage => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'x' },
});
const isGet = (r: RecordedRequest) => r.method === 'GET';

/** The SSE stream ids, retry and resumption of the Streamable HTTP client transport. */
describe.each(REQUESTERS)('StreamableHttpClientTransport streams (%s)', (_requester, fetch) => {
  let server: ScriptedServer | undefined;
  let transport: StreamableHttpClientTransport | undefined;

  afterEach(async () => {
    await transport?.close();
    await server?.close();
    transport = undefined;
    server = undefined;
  });

  /** initialize/notifications are answered; `post` handles other POSTs, `get` the GETs. */
  async function serve(handlers: {
    post?: (request: RecordedRequest, res: ServerResponse) => void;
    get?: (request: RecordedRequest, res: ServerResponse) => void;
  }) {
    server = await startScriptedServer((request, res) => {
      if (request.json?.method === 'initialize') {
        return sendJson(res, 200, resultFor(request, INITIALIZE_RESULT), {
          'mcp-session-id': 's-1',
        });
      }
      if (request.method === 'POST' && request.json && !('id' in request.json))
        return void res.writeHead(202).end();
      if (request.method === 'POST' && handlers.post) return handlers.post(request, res);
      if (request.method === 'GET' && handlers.get) return handlers.get(request, res);
      res.writeHead(405).end();
    });
    return server;
  }

  function connect(url: URL, options: StreamableHttpClientOptions = {}) {
    transport = new StreamableHttpClientTransport(url, { fetch, ...options });
    return transport;
  }

  it('resumes a dropped reply with GET + Last-Event-ID after the announced retry', async () => {
    let closedAt = 0;
    const { url, requests } = await serve({
      post: (_request, res) => {
        openSse(res);
        writeEvent(res, { id: 'ev-1', retry: 200, data: '' });
        closedAt = Date.now();
        res.end();
      },
      get: (request, res) => {
        openSse(res);
        writeEvent(res, { id: 'ev-2', data: { jsonrpc: '2.0', id: 5, result: { resumed: true } } });
        res.end();
      },
    });
    const t = connect(url, { standaloneStream: false });
    await t.send(initialize);
    const answer = firstValueFrom(t.messages$.pipe(filter((m) => 'id' in m && m.id === 5)));
    await t.send(call(5));
    expect(await answer).toEqual({ jsonrpc: '2.0', id: 5, result: { resumed: true } });
    const get = requests.find(isGet)!;
    expect(get.headers['last-event-id']).toBe('ev-1');
    expect(get.headers['mcp-session-id']).toBe('s-1');
    expect(get.headers.accept).toBe('text/event-stream');
    // The spec's MUST: wait the retry before reconnecting (a lower bound, with timer slack).
    expect(get.at - closedAt).toBeGreaterThanOrEqual(190);
  });

  it('rejects the send when the server cannot resume (405)', async () => {
    const { url } = await serve({
      post: (_request, res) => {
        openSse(res);
        writeEvent(res, { id: 'ev-1', retry: 10, data: '' });
        res.end();
      },
    });
    const t = connect(url, { standaloneStream: false });
    await t.send(initialize);
    await expect(t.send(call(1))).rejects.toMatchObject({ kind: 'http', status: 405 });
  });

  it('gives up after the bounded attempts when resumption keeps failing', async () => {
    const { url, requests } = await serve({
      post: (_request, res) => {
        openSse(res);
        writeEvent(res, { id: 'ev-1', retry: 5, data: '' });
        res.end();
      },
      get: (_request, res) => void res.writeHead(503).end(),
    });
    const t = connect(url, {
      standaloneStream: false,
      reconnection: { maxAttempts: 2, backoffFactor: 1 },
    });
    await t.send(initialize);
    const error = (await t.send(call(1)).catch((e: unknown) => e)) as TransportError;
    expect(error).toBeInstanceOf(TransportError);
    expect(error.message).toContain('gave up after 2 reconnection attempts');
    expect(requests.filter(isGet)).toHaveLength(2);
  });

  it('opens the standalone GET stream after notifications/initialized and delivers its messages', async () => {
    const { url, waitForRequest } = await serve({
      get: (_request, res) => {
        openSse(res);
        writeEvent(res, {
          id: 'g-1',
          data: { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
        });
      },
    });
    const t = connect(url);
    const notification = firstValueFrom(t.messages$.pipe(filter((m) => 'method' in m)));
    await t.send(initialize);
    t.setProtocolVersion('2025-11-25');
    await t.send(initialized);
    expect(await notification).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
    });
    const get = await waitForRequest(isGet);
    expect(get.headers).toMatchObject({
      accept: 'text/event-stream',
      'mcp-session-id': 's-1',
      'mcp-protocol-version': '2025-11-25',
    });
    expect(get.headers['last-event-id']).toBeUndefined();
  });

  it('treats 405 on the standalone GET as "no stream", without an error', async () => {
    const { url, waitForRequest } = await serve({});
    const t = connect(url);
    const errors: Error[] = [];
    t.errors$.subscribe((e) => errors.push(e));
    await t.send(initialize);
    await t.send(initialized);
    await waitForRequest(isGet);
    await t.close();
    expect(errors).toEqual([]);
  });

  it('reconnects a dropped standalone stream with Last-Event-ID, and reports a 404 there', async () => {
    let gets = 0;
    const { url, waitForRequest } = await serve({
      get: (_request, res) => {
        gets++;
        if (gets === 1) {
          openSse(res);
          writeEvent(res, { id: 'g-7', retry: 20, data: '' });
          res.end();
        } else
          sendJson(res, 404, {
            jsonrpc: '2.0',
            id: null,
            error: { code: -32600, message: 'Session not found' },
          });
      },
    });
    const t = connect(url);
    const error = firstValueFrom(t.errors$);
    await t.send(initialize);
    await t.send(initialized);
    const resumed = await waitForRequest((r) => isGet(r) && r.headers['last-event-id'] === 'g-7');
    expect(resumed.headers['mcp-session-id']).toBe('s-1');
    expect(await error).toMatchObject({ kind: 'http', status: 404 });
  });

  it('does not open the standalone stream when disabled', async () => {
    const { url, requests } = await serve({});
    const t = connect(url, { standaloneStream: false });
    await t.send(initialize);
    await t.send(initialized);
    await t.close();
    expect(requests.filter(isGet)).toEqual([]);
  });

  it('resetSession closes the standalone stream; the next initialized opens a new one', async () => {
    const streams: ServerResponse[] = [];
    const { url, waitForRequest, requests } = await serve({
      get: (_request, res) => {
        openSse(res);
        streams.push(res);
      },
    });
    const t = connect(url);
    await t.send(initialize);
    await t.send(initialized);
    await waitForRequest(isGet);
    const closed = new Promise((resolve) => streams[0]!.once('close', resolve));
    t.resetSession();
    await closed;
    await t.send({ ...initialize, id: 1 } as JsonRpcMessage);
    await t.send(initialized);
    await waitForRequest((r) => isGet(r) && r !== requests.find(isGet));
    expect(requests.filter(isGet)).toHaveLength(2);
  });
});
