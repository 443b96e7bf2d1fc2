import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { McpServer, type McpServerStats } from '../../../lib/index.js';
import { startApp, type TestApp, type TestAppOptions } from '../support/app.js';
import {
  initializeRawSession,
  jsonBody,
  postJson,
  rawId,
  rawRequest,
  rpcMessages,
  type RawResponse,
  type RawSession,
} from '../support/raw-http.js';
import { waitFor } from '../support/wait.js';

const INITIALIZE = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'limits-e2e', version: '1.0.0' },
  },
});

const ECHO = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'echo', arguments: { text: 'hi' } },
});

/** A refusal: its status, Retry-After and the -32000 body naming the limit. */
function expectRefusal(response: RawResponse, status: number, limit: string): void {
  expect(response.status).toBe(status);
  expect(response.headers['retry-after']).toBe('1');
  expect(jsonBody(response)).toMatchObject({
    jsonrpc: '2.0',
    error: { code: -32000, data: { limit, retryAfterSeconds: 1 } },
  });
}

/** Caps over Streamable HTTP: hit, refused with Retry-After, counted, room again once freed. */
describe('capacity limits over Streamable HTTP', () => {
  let app: TestApp;

  async function boot(options: TestAppOptions): Promise<void> {
    app = await startApp(options);
  }
  const stats = (): McpServerStats => app.app.get(McpServer).stats();
  const end = (session: RawSession) =>
    rawRequest(app.url, { method: 'DELETE', headers: session.headers });

  afterEach(async () => {
    await app?.close();
  });

  it('refuses a session over maxSessions with 503 and takes one again after a DELETE', async () => {
    await boot({ limits: { maxSessions: 2 } });
    const first = await initializeRawSession(app.url);
    await initializeRawSession(app.url);

    const refused = await postJson(app.url, INITIALIZE(rawId()));
    expectRefusal(refused, 503, 'maxSessions');
    expect(refused.headers['mcp-session-id']).toBeUndefined();
    expect(stats()).toMatchObject({ admittedSessions: 2, refused: { maxSessions: 1 } });

    expect((await end(first)).status).toBe(200);
    await initializeRawSession(app.url);
    expect(stats().admittedSessions).toBe(2);
  });

  it('frees the room of a session that expired idle', async () => {
    // The refusal below must come before the first session lapses, even on a loaded machine.
    await boot({ limits: { maxSessions: 1 }, sessionIdleTimeoutMs: 2000 });
    await initializeRawSession(app.url);
    expectRefusal(await postJson(app.url, INITIALIZE(rawId())), 503, 'maxSessions');
    await waitFor(() => stats().admittedSessions === 0, {
      description: 'idle expiry',
      timeoutMs: 20_000,
    });
    await initializeRawSession(app.url);
  });

  it('refuses a second session from one address with 429 (maxSessionsPerAddress)', async () => {
    await boot({ limits: { maxSessionsPerAddress: 1 } });
    const first = await initializeRawSession(app.url);
    expectRefusal(await postJson(app.url, INITIALIZE(rawId())), 429, 'maxSessionsPerAddress');
    expect(stats().refused.maxSessionsPerAddress).toBe(1);
    await end(first);
    await initializeRawSession(app.url);
  });

  it('counts sessions per principal (maxSessionsPerPrincipal: 429 for alice, bob still served)', async () => {
    await boot({
      limits: { maxSessionsPerPrincipal: 1 },
      principal: (req: IncomingMessage) => req.headers['x-user'] as string | undefined,
    });
    const alice = await postJson(app.url, INITIALIZE(rawId()), { 'x-user': 'alice' });
    expect(alice.status).toBe(200);
    const again = await postJson(app.url, INITIALIZE(rawId()), { 'x-user': 'alice' });
    expectRefusal(again, 429, 'maxSessionsPerPrincipal');
    expect((await postJson(app.url, INITIALIZE(rawId()), { 'x-user': 'bob' })).status).toBe(200);
    expect(stats().refused.maxSessionsPerPrincipal).toBe(1);

    const headers = {
      'x-user': 'alice',
      'mcp-session-id': alice.headers['mcp-session-id'] as string,
      'mcp-protocol-version': '2025-11-25',
    };
    expect((await rawRequest(app.url, { method: 'DELETE', headers })).status).toBe(200);
    expect((await postJson(app.url, INITIALIZE(rawId()), { 'x-user': 'alice' })).status).toBe(200);
  });

  it('refuses a request over maxInFlightPerSession with 429 and its id, then serves again', async () => {
    await boot({ limits: { maxInFlightPerSession: 1 } });
    const session = await initializeRawSession(app.url);
    const slow = postJson(
      app.url,
      {
        jsonrpc: '2.0',
        id: 'slow',
        method: 'tools/call',
        params: { name: 'stream_until_released', arguments: { key: 'inflight' } },
      },
      session.headers,
    );
    await app.tools.probe.wait('started:inflight');

    const refused = await postJson(app.url, ECHO(7), session.headers);
    expectRefusal(refused, 429, 'maxInFlightPerSession');
    expect(jsonBody(refused)).toMatchObject({ id: 7 });
    expect(stats().refused.maxInFlightPerSession).toBe(1);

    app.tools.probe.signal('release:inflight');
    expect((await slow).status).toBe(200);
    const served = await postJson(app.url, ECHO(8), session.headers);
    expect(jsonBody(served)).toMatchObject({ id: 8, result: { content: [{ text: 'echo: hi' }] } });
  });

  it('answers every request id of a batch over maxInFlightPerSession (429, one error each)', async () => {
    await boot({ limits: { maxInFlightPerSession: 2 } });
    const session = await initializeRawSession(app.url, '2025-03-26');
    const ids = [11, 'b-12', 13, 14, 15];
    const batch = [
      ...ids.map((id) => ({ ...ECHO(0), id })),
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'x', progress: 1 },
      },
    ];
    const refused = await postJson(app.url, batch, session.headers);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    const error = {
      code: -32000,
      message: 'Too many requests in flight on this session (limit 2)',
      data: { limit: 'maxInFlightPerSession', max: 2, retryAfterSeconds: 1 },
    };
    expect(jsonBody(refused)).toEqual(ids.map((id) => ({ jsonrpc: '2.0', id, error })));
    expect(stats().refused.maxInFlightPerSession).toBe(1);

    // A batch within the cap is served, every id answered.
    const served = await postJson(app.url, [ECHO(21), ECHO(22)], session.headers);
    expect(served.status).toBe(200);
    const answers = rpcMessages(served);
    expect(answers.map((m) => m.id).sort()).toEqual([21, 22]);
  });

  it('cuts off a POST whose body trickles in: 408, connection closed, counted', async () => {
    await boot({ bodyTimeoutMs: 200 });
    const socket = connect(app.port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Accept: application/json, text/event-stream\r\nContent-Length: 500\r\n\r\n{"jsonrpc":',
    );
    await closed; // the server closes the socket; the client never finished its body
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(received.toLowerCase()).toContain('connection: close');
    expect(received).toContain('"code":-32600');
    expect(stats().refused.bodyTimeout).toBe(1);

    expect((await postJson(app.url, INITIALIZE(rawId()))).status).toBe(200);
  });
});
