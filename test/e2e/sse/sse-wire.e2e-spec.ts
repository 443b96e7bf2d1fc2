import { rawId } from '../support/raw-http.js';
import { waitFor, within } from '../support/wait.js';
import { EMITTED_LOG_LEVELS } from '../support/test-tools.js';
import { initializeRawSseSession, openRawSseSession, waitForRawText } from './support/raw-sse.js';
import { startSseApp, type SseTestApp } from './support/sse-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('HTTP+SSE on the wire', () => {
  let app: SseTestApp;

  beforeAll(async () => {
    app = await startSseApp({ module: { sseKeepAliveMs: 50 } });
  });

  afterAll(async () => {
    await app.close();
  });

  afterEach(async () => {
    await waitFor(() => app.sse.sessionCount === 0, { description: 'raw sessions to end' });
  });

  it('opens with the SSE headers and an endpoint event naming the session', async () => {
    const session = await openRawSseSession(app.sseUrl);
    expect(session.stream.status).toBe(200);
    expect(session.stream.headers['content-type']).toBe('text/event-stream');
    expect(session.stream.headers['cache-control']).toBe('no-cache, no-transform');
    expect(session.endpoint).toBe(`/messages?sessionId=${session.sessionId}`);
    expect(session.sessionId).toMatch(UUID);
    expect(app.sse.sessionCount).toBe(1);
    session.stream.abort();
  });

  it('accepts each POST with 202 and sends every reply down the stream as `event: message`', async () => {
    const session = await initializeRawSseSession(app.sseUrl);
    const setLevel = rawId();
    expect(
      (
        await session.post({
          jsonrpc: '2.0',
          id: setLevel,
          method: 'logging/setLevel',
          params: { level: 'debug' },
        })
      ).status,
    ).toBe(202);
    await session.readUntil((m) => m.id === setLevel);
    const id = rawId();
    const accepted = await session.post({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'progress_logs', arguments: { steps: 2 }, _meta: { progressToken: 'p' } },
    });
    expect(accepted.status).toBe(202);
    expect(accepted.text).toBe('');
    const messages = await session.readUntil((m) => m.id === id);
    expect(messages.map((m) => m.method ?? 'result')).toEqual([
      'notifications/progress',
      'notifications/progress',
      ...EMITTED_LOG_LEVELS.map(() => 'notifications/message'),
      'result',
    ]);
    expect(messages[0].params).toEqual({
      progressToken: 'p',
      progress: 1,
      total: 2,
      message: 'step 1/2',
    });
    expect(messages.at(-1)).toEqual({
      jsonrpc: '2.0',
      id,
      result: { content: [{ type: 'text', text: 'did 2 steps' }] },
    });
    session.stream.abort();
  });

  it('sends `: keepalive` comments on an idle stream', async () => {
    const text = await within(waitForRawText(app.sseUrl, ': keepalive\n\n'), 5000, 'a keep-alive');
    expect(text.startsWith('event: endpoint\ndata: /messages?sessionId=')).toBe(true);
  });

  it('reads the POST body raw: larger than the app body parser limit, up to maxBodyBytes', async () => {
    const session = await initializeRawSseSession(app.sseUrl);
    const id = rawId();
    const payload = 'x'.repeat(300 * 1024); // over Express' 100 kB default
    const accepted = await session.post({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'measure', arguments: { payload } },
    });
    expect(accepted.status).toBe(202);
    const [result] = (await session.readUntil((m) => m.id === id)).slice(-1);
    expect(result.result).toMatchObject({ structuredContent: { length: payload.length } });
    session.stream.abort();
  });

  it('ends the session when the client goes away: handlers are aborted, the id is gone', async () => {
    const session = await initializeRawSseSession(app.sseUrl);
    const key = 'wire-disconnect';
    await session.post({
      jsonrpc: '2.0',
      id: rawId(),
      method: 'tools/call',
      params: { name: 'wait_for_cancel', arguments: { key } },
    });
    await app.tools.probe.wait(`started:${key}`);
    expect(app.server.sessionCount).toBe(1);
    session.stream.abort();
    const reason = await within(app.tools.probe.wait<Error>(`aborted:${key}`), 5000, 'abort');
    expect(reason.message).toBe('Client disconnected');
    await waitFor(() => app.server.sessionCount === 0, { description: 'the session to close' });
    expect(app.sse.sessionCount).toBe(0);
    const late = await session.post({ jsonrpc: '2.0', id: rawId(), method: 'ping' });
    expect(late.status).toBe(404);
  });
});

describe('HTTP+SSE under a global prefix', () => {
  let app: SseTestApp;

  beforeAll(async () => {
    app = await startSseApp({
      prefix: 'api',
      sse: { path: 'legacy/sse', messagesPath: 'legacy/messages' },
    });
  });

  afterAll(async () => {
    await app.close();
  });

  it('announces the messages path with the prefix, and serves it', async () => {
    expect(app.sseUrl.pathname).toBe('/api/legacy/sse');
    const session = await initializeRawSseSession(app.sseUrl);
    expect(session.endpoint).toBe(`/api/legacy/messages?sessionId=${session.sessionId}`);
    const id = rawId();
    await session.post({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'prefixed' } },
    });
    const [reply] = (await session.readUntil((m) => m.id === id)).slice(-1);
    expect(reply.result).toEqual({ content: [{ type: 'text', text: 'echo: prefixed' }] });
    session.stream.abort();
    await waitFor(() => app.sse.sessionCount === 0, { description: 'session end' });
  });
});

describe('HTTP+SSE at shutdown', () => {
  it('ends open streams when the app closes', async () => {
    const app = await startSseApp();
    const session = await initializeRawSseSession(app.sseUrl);
    await app.close();
    expect(await within(session.stream.rest(), 5000, 'the stream to end')).toEqual([]);
    expect(app.server.sessionCount).toBe(0);
  });
});
