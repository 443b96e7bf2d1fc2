import { McpModule } from '../../../lib/index.js';
import {
  initializeRawSession,
  jsonBody,
  openSse,
  postJson,
  rawId,
  rawRequest,
  rpcMessages,
  type RawSession,
} from '../support/raw-http.js';
import { TestTools } from '../support/test-tools.js';
import { connectOwn, connectSdk, firstText } from './support/clients.js';
import { bootApp, type BootedApp } from './support/nest-app.js';
import { PlainController } from './support/plain.controller.js';
import { ENDPOINT_MOUNTS } from './support/platforms.js';

type ErrorBody = { jsonrpc: string; id: unknown; error: { code: number; message: string } };

/** A `tools/call` of `measure` with a payload of `size` characters. */
function measureBody(size: number, id = rawId()): string {
  const args = { payload: 'x'.repeat(size) };
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'measure', arguments: args },
  });
}

describe.each(ENDPOINT_MOUNTS)('Streamable HTTP on %s', (_, { platform, fastPath }) => {
  let booted: BootedApp;
  let url: URL;
  let session: RawSession;

  beforeAll(async () => {
    booted = await bootApp({
      platform,
      imports: [McpModule.forRoot({ name: `e2e-${platform}`, version: '1.0.0', fastPath })],
      providers: [TestTools],
      controllers: [PlainController],
    });
    url = booted.url();
    session = await initializeRawSession(url);
  });

  afterAll(() => booted.close());

  it('completes the handshake with the official SDK client and serves tools', async () => {
    const peer = await connectSdk(url);
    try {
      expect(peer.client.getServerVersion()).toMatchObject({ name: `e2e-${platform}` });
      const { tools } = await peer.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'add']));
      const result = await peer.client.callTool({ name: 'echo', arguments: { text: 'hi' } });
      expect(firstText(result)).toBe('echo: hi');
    } finally {
      await peer?.close();
    }
  });

  it('serves our McpClient (structured results)', async () => {
    const peer = await connectOwn(url);
    try {
      const result = await peer.client.callTool('add', { a: 2, b: 3 });
      expect(result.structuredContent).toEqual({ sum: 5 });
    } finally {
      await peer?.close();
    }
  });

  it('streams progress over SSE before the result', async () => {
    const id = rawId();
    const response = await postJson(
      url,
      {
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'progress_logs', arguments: { steps: 2 }, _meta: { progressToken: 'p1' } },
      },
      session.headers,
    );
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const messages = rpcMessages(response);
    const progress = messages.filter((m) => m.method === 'notifications/progress');
    expect(progress.map((m) => (m.params as { progress: number }).progress)).toEqual([1, 2]);
    expect(messages.at(-1)).toMatchObject({ id, result: { content: [{ text: 'did 2 steps' }] } });
  });

  it('opens the standalone GET stream', async () => {
    const stream = await openSse(url, {
      method: 'GET',
      headers: { ...session.headers, accept: 'text/event-stream' },
    });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    } finally {
      stream.abort();
    }
  });

  it('answers malformed JSON with -32700 and keeps serving the session', async () => {
    const bad = await rawRequest(url, { headers: session.headers, body: '{"jsonrpc": "2.0",' });
    expect(bad.status).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^application\/json/);
    expect(jsonBody<ErrorBody>(bad)).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700 },
    });
    const id = rawId();
    const ping = await postJson(url, { jsonrpc: '2.0', id, method: 'ping' }, session.headers);
    expect(rpcMessages(ping)).toEqual([{ jsonrpc: '2.0', id, result: {} }]);
  });

  it('reads bodies under its own 4 MiB limit, not the framework default', async () => {
    const size = 2 * 1024 * 1024; // over Express's 100 KB and Fastify's 1 MiB
    const response = await rawRequest(url, { headers: session.headers, body: measureBody(size) });
    expect(response.status).toBe(200);
    expect(rpcMessages(response)[0]).toMatchObject({
      result: { structuredContent: { length: size } },
    });
  });

  it('answers a declared over-limit body with 413 and a JSON-RPC error', async () => {
    const response = await rawRequest(url, {
      headers: session.headers,
      body: measureBody(5 * 1024 * 1024),
    });
    expect(response.status).toBe(413);
    expect(jsonBody<ErrorBody>(response).error.code).toBe(-32600);
  });

  it('answers a chunked body growing over the limit with 413', async () => {
    const response = await rawRequest(url, {
      headers: session.headers,
      body: measureBody(5 * 1024 * 1024),
      chunked: true,
    });
    expect(response.status).toBe(413);
  });

  it('answers an unknown session id with 404', async () => {
    const response = await postJson(
      url,
      { jsonrpc: '2.0', id: rawId(), method: 'ping' },
      { ...session.headers, 'mcp-session-id': 'no-such-session' },
    );
    expect(response.status).toBe(404);
    expect(jsonBody<ErrorBody>(response).error.message).toBe('Session not found');
  });

  it('answers a foreign Origin with 403', async () => {
    const response = await postJson(
      url,
      { jsonrpc: '2.0', id: rawId(), method: 'ping' },
      { ...session.headers, origin: 'http://evil.example' },
    );
    expect(response.status).toBe(403);
    expect(jsonBody<ErrorBody>(response).error.message).toMatch(/^Forbidden/);
  });

  it('answers a non-JSON Content-Type with its own 415 JSON-RPC error', async () => {
    const response = await rawRequest(url, {
      headers: { ...session.headers, 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(response.status).toBe(415);
    expect(jsonBody<ErrorBody>(response).error.message).toMatch(/application\/json/);
  });

  it('accepts a JSON body sent without Content-Type, like the other platform', async () => {
    const id = rawId();
    const response = await rawRequest(url, {
      headers: { ...session.headers, 'content-type': null },
      body: JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' }),
    });
    expect(response.status).toBe(200);
    expect(rpcMessages(response)).toEqual([{ jsonrpc: '2.0', id, result: {} }]);
  });

  it("leaves the app's own JSON routes to the app's body parser", async () => {
    const response = await postJson(booted.url('/plain'), { hello: 'world' });
    expect(response.status).toBe(201);
    expect(jsonBody(response)).toEqual({ received: { hello: 'world' } });
  });

  it('refuses the internal raw media type on other routes (415)', async () => {
    const response = await rawRequest(booted.url('/plain'), {
      headers: { 'content-type': 'application/x-nestjs-mcp-raw' },
      body: '{}',
    });
    // Express has no parser for it (body left unparsed); Fastify must not accept it either.
    expect(response.status).toBe(platform === 'fastify' ? 415 : 201);
  });

  it('ends a session on DELETE; the id is then unknown', async () => {
    const own = await initializeRawSession(url);
    const deleted = await rawRequest(url, { method: 'DELETE', headers: own.headers });
    expect(deleted.status).toBe(200);
    const after = await postJson(url, { jsonrpc: '2.0', id: rawId(), method: 'ping' }, own.headers);
    expect(after.status).toBe(404);
  });
});
