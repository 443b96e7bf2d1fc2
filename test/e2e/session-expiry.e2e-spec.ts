import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startApp, type TestApp } from './support/app.js';
import { connectClient } from './support/client.js';
import { initializeRawSession, postJson, rawId, rawRequest } from './support/raw-http.js';
import { waitFor } from './support/wait.js';

/**
 * Long enough that a loaded CI machine gets `initialize` and `notifications/initialized` through
 * before it runs out (200 ms did not, once, with conformance runs beside the suite).
 */
const IDLE_MS = 1000;
/**
 * Every request refreshes the idle timer, so polls are spaced wider than the idle timeout:
 * the session can only expire between two polls.
 */
const POLL = { intervalMs: IDLE_MS + 100, timeoutMs: 10_000 };

describe(`session idle expiry (sessionIdleTimeoutMs ${IDLE_MS})`, () => {
  let server: TestApp;

  beforeEach(async () => {
    server = await startApp({ sessionIdleTimeoutMs: IDLE_MS });
  });

  afterEach(async () => {
    await server.close();
  });

  it('answers requests of a session that idled past the timeout with 404', async () => {
    const session = await initializeRawSession(server.url);
    const ping = () =>
      postJson(server.url, { jsonrpc: '2.0', id: rawId(), method: 'ping' }, session.headers);
    expect((await ping()).status).toBe(200);

    await waitFor(async () => (await ping()).status === 404, {
      ...POLL,
      description: 'the idle session to expire',
    });
    // Expired for every method, and forgotten by the server.
    const get = await rawRequest(server.url, {
      method: 'GET',
      headers: { ...session.headers, accept: 'text/event-stream' },
    });
    expect(get.status).toBe(404);
    const del = await rawRequest(server.url, { method: 'DELETE', headers: session.headers });
    expect(del.status).toBe(404);
    expect(server.handler.sessions.size).toBe(0);
  });

  it('lets a client start over with a new session after expiry', async () => {
    const old = await initializeRawSession(server.url);
    await waitFor(
      async () =>
        (await postJson(server.url, { jsonrpc: '2.0', id: rawId(), method: 'ping' }, old.headers))
          .status === 404,
      { ...POLL, description: 'the idle session to expire' },
    );
    const fresh = await initializeRawSession(server.url);
    expect(fresh.sessionId).not.toBe(old.sessionId);
    const ping = await postJson(
      server.url,
      { jsonrpc: '2.0', id: rawId(), method: 'ping' },
      fresh.headers,
    );
    expect(ping.status).toBe(200);
  });

  it('makes the SDK client’s next request fail with HTTP 404', async () => {
    const peer = await connectClient(server.url);
    peer.client.onerror = () => undefined; // the closed GET stream's reconnection attempts
    try {
      await expect(peer.client.ping()).resolves.toEqual({});
      const error = await waitFor(
        () =>
          peer.client.ping().then(
            () => false,
            (e: unknown) => e,
          ),
        { ...POLL, description: 'the SDK session to expire' },
      );
      expect(error).toBeInstanceOf(StreamableHTTPError);
      expect((error as StreamableHTTPError).code).toBe(404);
    } finally {
      await peer?.close();
    }
  });
});
