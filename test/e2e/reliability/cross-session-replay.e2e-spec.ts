import { startApp, type TestApp } from '../support/app.js';
import {
  initializeRawSession,
  openSse,
  rawId,
  rawRequest,
  type RawSession,
} from '../support/raw-http.js';
import { within } from '../support/wait.js';

/**
 * Defect 3 of issue 11: GET with the caller's own session and another session's
 * `Last-Event-ID` replayed the other session's messages (results included); an unknown id got
 * 200 with an empty stream. Both now get 400: the session is fine (404 would make the client
 * drop it), the event id is not, and a foreign id looks exactly like an unknown one.
 */
describe('Last-Event-ID replays only the caller’s own session', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startApp();
  });

  afterAll(async () => {
    await server.close();
  });

  /** Runs a streaming call on `session` and returns the ids of the events it stored. */
  async function streamedEventIds(session: RawSession): Promise<string[]> {
    const id = rawId();
    const post = await openSse(server.url, {
      headers: session.headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'progress_logs', arguments: { steps: 2 }, _meta: { progressToken: 'p' } },
      }),
    });
    const events = await within(post.rest(), 5000, 'the streamed call to end');
    return events.map((e) => e.id).filter((e): e is string => typeof e === 'string');
  }

  const resume = (session: RawSession, lastEventId: string) =>
    rawRequest(server.url, {
      method: 'GET',
      headers: { ...session.headers, accept: 'text/event-stream', 'last-event-id': lastEventId },
    });

  it('refuses another session’s event id with 400 and replays none of its messages', async () => {
    const bob = await initializeRawSession(server.url);
    const alice = await initializeRawSession(server.url);
    const [first] = await streamedEventIds(bob);

    const response = await resume(alice, first);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toMatchObject({ error: { code: -32600 } });
    expect(response.text).not.toContain('did 2 steps');

    // The owner still resumes its own stream.
    const own = await resume(bob, first);
    expect(own.status).toBe(200);
    expect(own.text).toContain('did 2 steps');
  });

  it('refuses an unknown event id with 400 instead of an empty stream', async () => {
    const session = await initializeRawSession(server.url);
    const response = await resume(session, `${session.sessionId}.nope_12345`);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
  });
});
