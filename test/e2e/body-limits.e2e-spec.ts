import { startApp, type TestApp } from './support/app.js';
import { connectClient } from './support/client.js';
import {
  initializeRawSession,
  jsonBody,
  rawId,
  rawRequest,
  rpcMessages,
  type RawSession,
} from './support/raw-http.js';

const LIMIT = 1024;

/** A tools/call of `measure` whose JSON body is about `bytes` long. */
function measureCall(bytes: number, id = rawId()) {
  const envelope = {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'measure', arguments: { payload: '' } },
  };
  const payload = 'x'.repeat(Math.max(0, bytes - JSON.stringify(envelope).length));
  return {
    id,
    payload,
    body: JSON.stringify({ ...envelope, params: { name: 'measure', arguments: { payload } } }),
  };
}

describe(`request body limit (maxBodyBytes ${LIMIT})`, () => {
  let server: TestApp;
  let session: RawSession;

  beforeAll(async () => {
    server = await startApp({ maxBodyBytes: LIMIT });
    session = await initializeRawSession(server.url);
  });

  afterAll(async () => {
    await server.close();
  });

  it('control: a body just under the limit is served', async () => {
    const call = measureCall(LIMIT - 10);
    const response = await rawRequest(server.url, { headers: session.headers, body: call.body });
    expect(response.status).toBe(200);
    const [message] = rpcMessages(response);
    expect(message).toMatchObject({
      id: call.id,
      result: { structuredContent: { length: call.payload.length } },
    });
  });

  it('answers a body over the limit (declared Content-Length) with 413', async () => {
    const call = measureCall(LIMIT + 500);
    const response = await rawRequest(server.url, { headers: session.headers, body: call.body });
    expect(response.status).toBe(413);
    expect(jsonBody<{ error: { code: number } }>(response).error.code).toBe(-32600);
  });

  it('answers a chunked body that grows over the limit with 413', async () => {
    const call = measureCall(64 * 1024);
    const response = await rawRequest(server.url, {
      headers: session.headers,
      body: call.body,
      chunked: true,
    });
    expect(response.status).toBe(413);
  });

  it('keeps the session usable after a refused body', async () => {
    const id = rawId();
    const response = await rawRequest(server.url, {
      headers: session.headers,
      body: JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' }),
    });
    expect(response.status).toBe(200);
    expect(rpcMessages(response)).toEqual([{ jsonrpc: '2.0', id, result: {} }]);
  });
});

describe('large bodies under the default limit', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startApp();
  });

  afterAll(async () => {
    await server.close();
  });

  it('accepts a 200 KB argument from the SDK client (the app’s 100 KB body parser is bypassed)', async () => {
    const peer = await connectClient(server.url);
    try {
      await peer.client.listTools();
      const payload = 'é'.repeat(100 * 1024); // 200 KB of UTF-8
      const result = await peer.client.callTool({ name: 'measure', arguments: { payload } });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ length: payload.length });
    } finally {
      await peer?.close();
    }
  });

  it('accepts a 200 KB raw body sent in chunks (no Content-Length)', async () => {
    const session = await initializeRawSession(server.url);
    const call = measureCall(200 * 1024);
    const response = await rawRequest(server.url, {
      headers: session.headers,
      body: call.body,
      chunked: true,
    });
    expect(response.status).toBe(200);
    const [message] = rpcMessages(response);
    expect(message).toMatchObject({
      id: call.id,
      result: { structuredContent: { length: call.payload.length } },
    });
  });
});
