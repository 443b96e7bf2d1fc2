import { startApp, type TestApp } from './support/app.js';
import {
  initializeRawSession,
  postJson,
  rawId,
  rawRequest,
  rpcMessages,
  type RawResponse,
} from './support/raw-http.js';
import { within } from './support/wait.js';

/**
 * A POST carrying a request holds an HTTP response open until the server answers it. These
 * tests check that the server lets go of it when no answer will ever come.
 */
describe('release of HTTP exchanges that will never get a result', () => {
  let server: TestApp;
  const pendingRequests: Array<Promise<RawResponse> & { abort(): void }> = [];

  beforeEach(async () => {
    // A short drain window: shutdown answers a request that never finishes after it.
    server = await startApp({ drainTimeoutMs: 100 });
  });

  afterEach(async () => {
    // Whatever the server did, do not leave sockets behind.
    for (const pending of pendingRequests.splice(0)) pending.abort();
    await server.close();
  });

  function startCall(headers: Record<string, string>, id: number, key: string) {
    const pending = rawRequest(server.url, {
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'wait_for_cancel', arguments: { key } },
      }),
    });
    pending.catch(() => undefined);
    pendingRequests.push(pending);
    return pending;
  }

  it('ends the POST of a cancelled request, without a JSON-RPC response for it', async () => {
    const session = await initializeRawSession(server.url);
    const id = rawId();
    const pending = startCall(session.headers, id, 'release-1');
    await server.tools.probe.wait('started:release-1');
    const cancel = await postJson(
      server.url,
      {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: id, reason: 'stop' },
      },
      session.headers,
    );
    expect(cancel.status).toBe(202);
    await server.tools.probe.wait('aborted:release-1');

    // Ending the response or closing the connection both release it; a response must not come.
    const answers = await within(
      pending.then(
        (response) => rpcMessages(response).filter((m) => m.id === id),
        () => [],
      ),
      2000,
      'the cancelled request’s POST to end',
    );
    expect(answers).toEqual([]);
  });

  it('ends in-flight POSTs on application shutdown, after the drain window, so app.close() completes', async () => {
    const session = await initializeRawSession(server.url);
    const pending = startCall(session.headers, rawId(), 'release-2');
    await server.tools.probe.wait('started:release-2');

    await within(server.close(), 3000, 'app.close() with a request in flight');
    await expect(server.tools.probe.wait('aborted:release-2')).resolves.toBeDefined();
    await expect(
      within(
        pending.then(
          () => 'ended',
          () => 'ended',
        ),
        1000,
        'the POST to end',
      ),
    ).resolves.toBe('ended');
  });
});
