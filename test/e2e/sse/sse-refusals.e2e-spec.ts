import { jsonBody, postJson, rawId, rawRequest } from '../support/raw-http.js';
import { waitFor } from '../support/wait.js';
import { initializeRawSseSession, openRawSseSession } from './support/raw-sse.js';
import { startSseApp, type SseTestApp } from './support/sse-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('HTTP+SSE refusals: each bad request gets a clear status and a JSON-RPC error body', () => {
  let app: SseTestApp;

  beforeAll(async () => {
    app = await startSseApp();
  });

  afterAll(async () => {
    await app.close();
  });

  afterEach(async () => {
    await waitFor(() => app.sse.sessionCount === 0, { description: 'raw sessions to end' });
  });

  const ping = () => ({ jsonrpc: '2.0', id: rawId(), method: 'ping' });

  it('unknown sessionId: 404 with a JSON-RPC error', async () => {
    const url = new URL(`${app.messagesUrl.href}?sessionId=00000000-0000-0000-0000-000000000000`);
    const response = await postJson(url, ping());
    expect(response.status).toBe(404);
    expect(jsonBody(response)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Session not found' },
    });
  });

  it('missing sessionId: 400', async () => {
    const response = await postJson(app.messagesUrl, ping());
    expect(response.status).toBe(400);
    expect(jsonBody(response)).toMatchObject({ error: { code: -32600 } });
  });

  it('malformed JSON: 400 with -32700, and the session survives', async () => {
    const session = await initializeRawSseSession(app.sseUrl);
    const response = await session.post('{"jsonrpc": "2.0", "id": 1,');
    expect(response.status).toBe(400);
    expect(jsonBody(response)).toMatchObject({ id: null, error: { code: -32700 } });
    const id = rawId();
    expect((await session.post({ jsonrpc: '2.0', id, method: 'ping' })).status).toBe(202);
    expect(await session.readUntil((m) => m.id === id)).toEqual([
      { jsonrpc: '2.0', id, result: {} },
    ]);
    session.stream.abort();
  });

  it('not a JSON-RPC message: 400 with -32600 and the id when readable; batches: 400', async () => {
    const session = await openRawSseSession(app.sseUrl);
    const invalid = await session.post({ jsonrpc: '2.0', id: 7, method: 42 });
    expect(invalid.status).toBe(400);
    expect(jsonBody(invalid)).toMatchObject({ id: 7, error: { code: -32600 } });
    const batch = await session.post([ping(), ping()]);
    expect(batch.status).toBe(400);
    expect(jsonBody(batch)).toMatchObject({ error: { code: -32600 } });
    session.stream.abort();
  });

  it('oversized body: 413', async () => {
    const small = await startSseApp({ module: { maxBodyBytes: 1024 } });
    try {
      const session = await openRawSseSession(small.sseUrl);
      const response = await session.post({ ...ping(), params: { pad: 'x'.repeat(4096) } });
      expect(response.status).toBe(413);
      expect(jsonBody(response)).toMatchObject({ error: { code: -32600 } });
      session.stream.abort();
    } finally {
      await small.close();
    }
  });

  it('a Content-Type other than JSON: 415', async () => {
    const session = await openRawSseSession(app.sseUrl);
    const response = await session.post(JSON.stringify(ping()), { 'content-type': 'text/plain' });
    expect(response.status).toBe(415);
    session.stream.abort();
  });

  it('a foreign Origin: 403 on GET and on POST; a loopback Origin is fine', async () => {
    const get = await rawRequest(app.sseUrl, {
      method: 'GET',
      headers: { accept: 'text/event-stream', origin: 'https://evil.example' },
    });
    expect(get.status).toBe(403);
    expect(jsonBody(get)).toMatchObject({ error: { code: -32600 } });
    expect(app.sse.sessionCount).toBe(0);

    const session = await openRawSseSession(app.sseUrl, {
      origin: app.origin.replace('127.0.0.1', 'localhost'), // this server under another loopback name
    });
    const post = await session.post(ping(), { origin: 'https://evil.example' });
    expect(post.status).toBe(403);
    session.stream.abort();
  });

  it('a non-loopback Host (DNS rebinding): 403', async () => {
    const response = await rawRequest(app.sseUrl, {
      method: 'GET',
      headers: { accept: 'text/event-stream', host: 'attacker.example' },
    });
    expect(response.status).toBe(403);
  });

  it('an allowed foreign Origin passes when configured', async () => {
    const open = await startSseApp({ module: { allowedOrigins: ['https://app.example'] } });
    try {
      const session = await openRawSseSession(open.sseUrl, { origin: 'https://app.example' });
      expect(session.sessionId).toMatch(UUID);
      session.stream.abort();
      await waitFor(() => open.sse.sessionCount === 0, { description: 'session end' });
    } finally {
      await open.close();
    }
  });

  it('GET without text/event-stream in Accept: 406; POST on the SSE path: 405 Allow GET', async () => {
    const get = await rawRequest(app.sseUrl, {
      method: 'GET',
      headers: { accept: 'application/json' },
    });
    expect(get.status).toBe(406);
    const post = await postJson(app.sseUrl, ping());
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET');
    expect(jsonBody(post)).toMatchObject({ error: { code: -32600 } });
  });

  it('an unsupported MCP-Protocol-Version header: 400', async () => {
    const session = await openRawSseSession(app.sseUrl);
    const response = await session.post(ping(), { 'mcp-protocol-version': '1999-01-01' });
    expect(response.status).toBe(400);
    session.stream.abort();
  });
});
