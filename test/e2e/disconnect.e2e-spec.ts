import type { McpSession } from '../../lib/server/session/mcp-session.js';
import { startApp, type TestApp } from './support/app.js';
import { connectClient } from './support/client.js';
import {
  initializeRawSession,
  openSse,
  postJson,
  rawId,
  type SseEvent,
} from './support/raw-http.js';
import { waitFor, within } from './support/wait.js';

const message = (e: SseEvent) =>
  e.data === '' ? undefined : (JSON.parse(e.data) as Record<string, unknown>);

describe('a client that disconnects mid-stream', () => {
  let server: TestApp;

  beforeEach(async () => {
    server = await startApp();
  });

  afterEach(async () => {
    await server.close();
  });

  it('leaves the server healthy; the tool runs to completion (disconnect is not cancellation)', async () => {
    const key = 'disconnect-1';
    const session = await initializeRawSession(server.url);
    const requestId = rawId();
    const stream = await openSse(server.url, {
      headers: session.headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: requestId,
        method: 'tools/call',
        params: {
          name: 'stream_until_released',
          arguments: { key },
          _meta: { progressToken: 'p' },
        },
      }),
    });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    const first = await stream.until((e) => message(e)?.method === 'notifications/progress');
    expect(message(first!)).toMatchObject({ params: { progressToken: 'p', progress: 1 } });

    stream.abort();
    await server.tools.probe.wait(`disconnected:${key}`);
    server.tools.probe.signal(`release:${key}`);
    const outcome = await server.tools.probe.wait<{ aborted: boolean }>(`finished:${key}`);
    expect(outcome.aborted).toBe(false);

    // The server finished the exchange: nothing of the request is left in flight.
    const channel = await server.handler.sessions.find(session.sessionId);
    expect(channel).toBeDefined();
    await waitFor(
      () =>
        !channel!.isInFlight(requestId) &&
        (channel!.session as McpSession).peer.inFlightCount === 0,
      {
        description: 'the exchange of the finished tool call to be released',
      },
    );

    // The old session still answers, a new session works, and so does the SDK client.
    const ping = await postJson(
      server.url,
      { jsonrpc: '2.0', id: rawId(), method: 'ping' },
      session.headers,
    );
    expect(ping.status).toBe(200);
    const fresh = await initializeRawSession(server.url);
    expect(fresh.sessionId).not.toBe(session.sessionId);
    const peer = await connectClient(server.url);
    try {
      const result = await peer.client.callTool({ name: 'echo', arguments: { text: 'still up' } });
      expect(result.content).toEqual([{ type: 'text', text: 'echo: still up' }]);
    } finally {
      await peer?.close();
    }
  });

  it('lets the client resume with Last-Event-ID and get what it missed, result included', async () => {
    const key = 'disconnect-2';
    const session = await initializeRawSession(server.url);
    const requestId = rawId();
    const stream = await openSse(server.url, {
      headers: session.headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: requestId,
        method: 'tools/call',
        params: { name: 'stream_until_released', arguments: { key }, _meta: { progressToken: 7 } },
      }),
    });
    const first = await stream.until((e) => message(e)?.method === 'notifications/progress');
    expect(first?.id).toEqual(expect.any(String));
    stream.abort();
    await server.tools.probe.wait(`disconnected:${key}`);
    server.tools.probe.signal(`release:${key}`);
    await server.tools.probe.wait(`finished:${key}`);

    const channel = await server.handler.sessions.find(session.sessionId);
    await waitFor(() => !channel!.isInFlight(requestId), { description: 'the result to be sent' });

    const resumed = await openSse(server.url, {
      method: 'GET',
      headers: { ...session.headers, accept: 'text/event-stream', 'last-event-id': first!.id! },
    });
    expect(resumed.status).toBe(200);
    const replayed = (await within(resumed.rest(), 5000, 'the replay to end')).map(message);
    expect(replayed).toEqual([
      expect.objectContaining({
        method: 'notifications/progress',
        params: expect.objectContaining({ progress: 2 }),
      }),
      expect.objectContaining({
        method: 'notifications/message',
        params: expect.objectContaining({ data: 'after release' }),
      }),
      expect.objectContaining({
        method: 'notifications/progress',
        params: expect.objectContaining({ progress: 3 }),
      }),
      {
        jsonrpc: '2.0',
        id: requestId,
        result: { content: [{ type: 'text', text: `finished ${key}` }] },
      },
    ]);
  });
});
