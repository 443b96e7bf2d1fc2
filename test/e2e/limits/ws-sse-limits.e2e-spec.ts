import { McpServer } from '../../../lib/index.js';
import { startApp, type TestApp } from '../support/app.js';
import { jsonBody, rawRequest } from '../support/raw-http.js';
import { openRawSseSession } from '../sse/support/raw-sse.js';
import { RawSocket } from '../websocket/support/raw-socket.js';
import { waitFor, within } from '../support/wait.js';

/** Session and request caps over WebSocket and legacy HTTP+SSE. */
describe('capacity limits over WebSocket and legacy SSE', () => {
  let app: TestApp;
  const stats = () => app.app.get(McpServer).stats();
  const wsUrl = () => new URL('/ws', app.origin.replace('http', 'ws'));

  afterEach(async () => {
    await app?.close();
  });

  it('WebSocket: closes a connection over the session cap with 1013, counted; room after a close', async () => {
    app = await startApp({ websocket: true, limits: { maxSessionsPerAddress: 1 } });
    const first = await RawSocket.open(wsUrl());
    const second = await RawSocket.open(wsUrl());
    expect(await within(second.closed, 5000, 'the refusal')).toMatchObject({
      code: 1013,
      reason: expect.stringContaining('Too many sessions from this address'),
    });
    expect(stats().refused.maxSessionsPerAddress).toBe(1);

    first.ws.close();
    await waitFor(() => stats().admittedSessions === 0, { description: 'the first to close' });
    const third = await RawSocket.open(wsUrl());
    await third.initialize();
    third.ws.close();
  });

  it('WebSocket: answers a request over maxInFlightPerSession with -32000, then serves again', async () => {
    app = await startApp({ websocket: true, limits: { maxInFlightPerSession: 1 } });
    const socket = await RawSocket.open(wsUrl());
    await socket.initialize();
    socket.send({
      jsonrpc: '2.0',
      id: 'slow',
      method: 'tools/call',
      params: { name: 'stream_until_released', arguments: { key: 'ws-cap' } },
    });
    await app.tools.probe.wait('started:ws-cap');
    const echo = { name: 'echo', arguments: { text: 'x' } };
    expect(await socket.request('over', 'tools/call', echo)).toMatchObject({
      error: { code: -32000, data: { limit: 'maxInFlightPerSession', max: 1 } },
    });
    expect(stats().refused.maxInFlightPerSession).toBe(1);
    app.tools.probe.signal('release:ws-cap');
    await socket.response('slow');
    expect(await socket.request('after', 'tools/call', echo)).toMatchObject({
      result: { content: [{ text: 'echo: x' }] },
    });
    socket.ws.close();
  });

  it('legacy SSE: refuses a stream over maxSessions with 503 and Retry-After; room after it ends', async () => {
    app = await startApp({ sse: true, limits: { maxSessions: 1 } });
    const sseUrl = new URL('/sse', app.origin);
    const first = await openRawSseSession(sseUrl);
    const refused = await rawRequest(sseUrl, {
      method: 'GET',
      headers: { accept: 'text/event-stream' },
    });
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(jsonBody(refused)).toMatchObject({
      error: { code: -32000, data: { limit: 'maxSessions', max: 1 } },
    });
    expect(stats().refused.maxSessions).toBe(1);

    first.stream.abort();
    await waitFor(() => stats().admittedSessions === 0, { description: 'the stream to end' });
    const again = await openRawSseSession(sseUrl);
    again.stream.abort();
  });
});
