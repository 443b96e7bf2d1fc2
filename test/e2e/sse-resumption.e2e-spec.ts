import { ENDPOINT_MOUNT_ROWS, startApp, type TestApp } from './support/app.js';
import { connectClient } from './support/client.js';
import {
  initializeRawSession,
  openSse,
  rawId,
  type RawSession,
  type SseEvent,
} from './support/raw-http.js';
import { within } from './support/wait.js';

const SSE_RETRY_MS = 250;

const parse = (e: SseEvent) =>
  e.data === '' ? undefined : (JSON.parse(e.data) as Record<string, unknown>);

describe.each(ENDPOINT_MOUNT_ROWS)('SSE polling and resumption (SEP-1699)%s', (_, fastPath) => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startApp({ sseRetryMs: SSE_RETRY_MS, fastPath });
  });

  afterAll(async () => {
    await server.close();
  });

  function callTool(session: RawSession, id: number, name: string, args: object = {}) {
    return openSse(server.url, {
      headers: session.headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name, arguments: args, _meta: { progressToken: `t${id}` } },
      }),
    });
  }

  it('closes the POST stream after a priming event; GET with Last-Event-ID delivers the result', async () => {
    const session = await initializeRawSession(server.url, '2025-11-25');
    expect(session.protocolVersion).toBe('2025-11-25');
    const id = rawId();
    const post = await callTool(session, id, 'poll_me');
    expect(post.status).toBe(200);
    expect(post.headers['content-type']).toMatch(/^text\/event-stream/);

    const events = await within(post.rest(), 5000, 'the server to close the POST stream');
    expect(events.length).toBeGreaterThan(0);
    const [priming] = events;
    expect(priming.id).toEqual(expect.any(String));
    expect(priming.id).not.toBe('');
    expect(priming.data).toBe('');
    expect(priming.retry).toBe(SSE_RETRY_MS);
    // The connection closed before the result: it was not on the POST stream.
    expect(events.map(parse).filter((m) => m?.id === id)).toEqual([]);

    const resumed = await openSse(server.url, {
      method: 'GET',
      headers: { ...session.headers, accept: 'text/event-stream', 'last-event-id': priming.id! },
    });
    expect(resumed.status).toBe(200);
    expect(resumed.headers['content-type']).toMatch(/^text\/event-stream/);
    const result = await within(
      resumed.until((e) => parse(e)?.id === id),
      5000,
      'the result on the resumed stream',
    );
    expect(result).toBeDefined();
    expect(result!.id).toEqual(expect.any(String));
    expect(parse(result!)).toEqual({
      jsonrpc: '2.0',
      id,
      result: { content: [{ type: 'text', text: 'result after polling' }] },
    });
    resumed.abort();
  });

  it('does not replay events of another stream on resumption', async () => {
    const session = await initializeRawSession(server.url, '2025-11-25');
    const first = rawId();
    const other = rawId();
    const a = await callTool(session, first, 'poll_me');
    const aEvents = await within(a.rest(), 5000, 'stream A to close');
    const b = await callTool(session, other, 'progress_logs', { steps: 2 });
    const bEvents = await within(b.rest(), 5000, 'stream B to end');
    expect(bEvents.map(parse).some((m) => m?.id === other)).toBe(true);

    const resumed = await openSse(server.url, {
      method: 'GET',
      headers: { ...session.headers, accept: 'text/event-stream', 'last-event-id': aEvents[0].id! },
    });
    const replayed = await within(
      resumed.until((e) => parse(e)?.id === first),
      5000,
      'the result of stream A',
    );
    expect(replayed).toBeDefined();
    resumed.abort();
    const bIds = new Set(bEvents.map((e) => e.id));
    expect(bIds.has(replayed!.id)).toBe(false);
  });

  it('sends no priming event to a session that negotiated 2025-06-18', async () => {
    const session = await initializeRawSession(server.url, '2025-06-18');
    expect(session.protocolVersion).toBe('2025-06-18');
    const id = rawId();
    const post = await callTool(session, id, 'progress_logs', { steps: 2 });
    expect(post.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = await within(post.rest(), 5000, 'the stream to end');
    expect(events.filter((e) => e.data === '')).toEqual([]);
    expect(events.map(parse).at(-1)).toMatchObject({
      id,
      result: { content: [{ type: 'text', text: 'did 2 steps' }] },
    });
  });

  it('lets the SDK client poll: it reconnects by itself and gets the result', async () => {
    const peer = await connectClient(server.url);
    try {
      const result = await peer.client.callTool({ name: 'poll_me', arguments: {} });
      expect(result.content).toEqual([{ type: 'text', text: 'result after polling' }]);
      // The result came over a resumption GET, not over the POST.
      const resumptions = peer.wire.filter((w) => w.method === 'GET' && w.lastEventId);
      expect(resumptions).toEqual([expect.objectContaining({ status: 200 })]);
    } finally {
      await peer?.close();
    }
  });
});
