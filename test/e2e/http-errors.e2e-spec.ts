import { startApp, type TestApp } from './support/app.js';
import {
  initializeRawSession,
  jsonBody,
  openSse,
  postJson,
  rawId,
  rawRequest,
  rpcMessages,
  type RawSession,
} from './support/raw-http.js';

interface ErrorBody {
  jsonrpc: string;
  id?: number | string | null;
  error: { code: number; message: string };
}

describe('bad input over raw HTTP', () => {
  let server: TestApp;
  let session: RawSession;

  beforeAll(async () => {
    server = await startApp();
  });

  afterAll(async () => {
    await server.close();
  });

  beforeEach(async () => {
    session = await initializeRawSession(server.url);
  });

  const ping = (headers: Record<string, string | null>) =>
    postJson(server.url, { jsonrpc: '2.0', id: rawId(), method: 'ping' }, headers);

  it('control: a well-formed request on the session is answered 200', async () => {
    const id = rawId();
    const response = await postJson(
      server.url,
      { jsonrpc: '2.0', id, method: 'ping' },
      session.headers,
    );
    expect(response.status).toBe(200);
    expect(rpcMessages(response)).toEqual([{ jsonrpc: '2.0', id, result: {} }]);
  });

  it('answers malformed JSON with 400 and a -32700 parse error', async () => {
    const response = await postJson(
      server.url,
      '{"jsonrpc": "2.0", "id": 1, "method": ',
      session.headers,
    );
    expect(response.status).toBe(400);
    const body = jsonBody<ErrorBody>(response);
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
  });

  it.each([
    ['a plain object', { hello: 'world' }],
    ['a wrong jsonrpc version', { jsonrpc: '1.0', id: 1, method: 'ping' }],
    ['a non-string method', { jsonrpc: '2.0', id: 1, method: 42 }],
    ['a null id', { jsonrpc: '2.0', id: null, method: 'ping' }],
    ['non-object params', { jsonrpc: '2.0', id: 1, method: 'ping', params: [1, 2] }],
    ['a JSON string', 'just a string'],
  ])('answers valid JSON that is not JSON-RPC (%s) with 400 and -32600', async (_, message) => {
    const body = typeof message === 'string' ? JSON.stringify(message) : message;
    const response = await postJson(server.url, body, session.headers);
    expect(response.status).toBe(400);
    expect(jsonBody<ErrorBody>(response)).toMatchObject({
      jsonrpc: '2.0',
      error: { code: -32600 },
    });
  });

  it('answers an unknown method with a -32601 JSON-RPC error in the body', async () => {
    const id = rawId();
    const response = await postJson(
      server.url,
      { jsonrpc: '2.0', id, method: 'tools/frobnicate', params: {} },
      session.headers,
    );
    const [message] = rpcMessages(response);
    expect(message).toMatchObject({ jsonrpc: '2.0', id, error: { code: -32601 } });
    expect(message.result).toBeUndefined();
  });

  it('answers a non-initialize POST without a session id with 400', async () => {
    const response = await ping({ 'mcp-protocol-version': session.protocolVersion });
    expect(response.status).toBe(400);
    expect(jsonBody<ErrorBody>(response).error.message).toMatch(/session/i);
  });

  it('answers an unknown session id with 404', async () => {
    const response = await ping({ ...session.headers, 'mcp-session-id': 'no-such-session' });
    expect(response.status).toBe(404);
  });

  it('answers a GET with an unknown session id with 404', async () => {
    const response = await rawRequest(server.url, {
      method: 'GET',
      headers: { accept: 'text/event-stream', 'mcp-session-id': 'no-such-session' },
    });
    expect(response.status).toBe(404);
  });

  it('ends the session on DELETE; reusing its id then gets 404', async () => {
    const deleted = await rawRequest(server.url, { method: 'DELETE', headers: session.headers });
    expect(deleted.status).toBe(200);
    // An empty body of known length, not a chunked one (a handshake's DELETE, issue 41).
    expect(deleted.headers['content-length']).toBe('0');
    expect(deleted.headers['transfer-encoding']).toBeUndefined();
    expect((await ping(session.headers)).status).toBe(404);
    const again = await rawRequest(server.url, { method: 'DELETE', headers: session.headers });
    expect(again.status).toBe(404);
  });

  it('answers an unsupported MCP-Protocol-Version with 400', async () => {
    const response = await ping({ ...session.headers, 'mcp-protocol-version': '1999-01-01' });
    expect(response.status).toBe(400);
    expect(jsonBody<ErrorBody>(response).error.message).toContain('1999-01-01');
    // The session itself is unharmed.
    expect((await ping(session.headers)).status).toBe(200);
  });

  it('refuses a second initialize on an initialized session', async () => {
    const response = await postJson(
      server.url,
      {
        jsonrpc: '2.0',
        id: rawId(),
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'x', version: '1' },
        },
      },
      session.headers,
    );
    expect(response.status).toBe(400);
    expect(jsonBody<ErrorBody>(response).error.code).toBe(-32600);
  });

  it('answers a POST with a non-JSON Content-Type with 415', async () => {
    const response = await rawRequest(server.url, {
      method: 'POST',
      headers: { ...session.headers, 'content-type': 'text/plain' },
      body: JSON.stringify({ jsonrpc: '2.0', id: rawId(), method: 'ping' }),
    });
    expect(response.status).toBe(415);
  });

  it('answers a POST accepting neither JSON nor SSE with 406', async () => {
    const response = await ping({ ...session.headers, accept: 'text/html' });
    expect(response.status).toBe(406);
  });

  it('answers a notification with 202 and an empty body', async () => {
    const response = await postJson(
      server.url,
      { jsonrpc: '2.0', method: 'notifications/roots/list_changed' },
      session.headers,
    );
    expect(response.status).toBe(202);
    expect(response.text).toBe('');
    expect(response.headers['content-length']).toBe('0');
    expect(response.headers['transfer-encoding']).toBeUndefined();
  });

  it('answers a JSON-RPC batch in a 2025-11-25 session with 400 (batches exist only in 2025-03-26)', async () => {
    const response = await postJson(
      server.url,
      [
        { jsonrpc: '2.0', id: rawId(), method: 'ping' },
        { jsonrpc: '2.0', id: rawId(), method: 'ping' },
      ],
      session.headers,
    );
    expect(response.status).toBe(400);
    expect(jsonBody<ErrorBody>(response).error.code).toBe(-32600);
  });

  it('serves a JSON-RPC batch in a 2025-03-26 session, answering with an array', async () => {
    const legacy = await initializeRawSession(server.url, '2025-03-26');
    const [a, b] = [rawId(), rawId()];
    const response = await postJson(
      server.url,
      [
        { jsonrpc: '2.0', id: a, method: 'ping' },
        {
          jsonrpc: '2.0',
          id: b,
          method: 'tools/call',
          params: { name: 'echo', arguments: { text: 'b' } },
        },
      ],
      legacy.headers,
    );
    expect(response.status).toBe(200);
    const body = jsonBody<Array<{ id: number }>>(response);
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((m) => m.id).sort()).toEqual([a, b].sort());
  });

  it('answers an empty batch with 400 and -32600', async () => {
    const response = await postJson(server.url, [], session.headers);
    expect(response.status).toBe(400);
    expect(jsonBody<ErrorBody>(response).error.code).toBe(-32600);
  });

  it('answers initialize with an unknown protocol version with the latest supported one', async () => {
    const id = rawId();
    const response = await postJson(server.url, {
      jsonrpc: '2.0',
      id,
      method: 'initialize',
      params: {
        protocolVersion: '2099-01-01',
        capabilities: {},
        clientInfo: { name: 'x', version: '1' },
      },
    });
    expect(response.status).toBe(200);
    const [message] = rpcMessages(response);
    expect(message).toMatchObject({ id, result: { protocolVersion: '2025-11-25' } });
  });

  it('answers a GET that does not accept text/event-stream with 406', async () => {
    const response = await rawRequest(server.url, {
      method: 'GET',
      headers: { ...session.headers, accept: 'application/json' },
    });
    expect(response.status).toBe(406);
  });

  it('refuses a second standalone GET stream on the same session with 409', async () => {
    const first = await openSse(server.url, {
      method: 'GET',
      headers: { ...session.headers, accept: 'text/event-stream' },
    });
    try {
      expect(first.status).toBe(200);
      const second = await rawRequest(server.url, {
        method: 'GET',
        headers: { ...session.headers, accept: 'text/event-stream' },
      });
      expect(second.status).toBe(409);
    } finally {
      first.abort();
    }
  });
});
