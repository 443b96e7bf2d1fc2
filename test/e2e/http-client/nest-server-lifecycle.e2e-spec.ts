import { lastValueFrom } from 'rxjs';
import { TransportError } from '../../../lib/errors/transport.error.js';
import { RequestCancelledError } from '../../../lib/errors/request-cancelled.error.js';
import { RequestTimeoutError } from '../../../lib/errors/request-timeout.error.js';
import type { TestApp } from '../support/app.js';
import { waitFor, within } from '../support/wait.js';
import { connectHttpClient, createHttpClient, type HttpTestClient } from './support/connect.js';
import { startNestServer } from './support/nest-app.js';

/** Cancellation, timeouts, session expiry, SSE polling and close, per response mode. */
describe.each(['auto', 'json', 'sse'] as const)(
  'McpClient over Streamable HTTP: lifecycle (responseMode %s)',
  (responseMode) => {
    let server: TestApp;
    const peers: HttpTestClient[] = [];
    let keys = 0;

    beforeAll(async () => {
      server = await startNestServer({ responseMode, sseRetryMs: 50 });
    });

    afterEach(async () => {
      await Promise.all(peers.splice(0).map((p) => p.close()));
    });

    afterAll(async () => {
      await server?.close();
    });

    async function connect(): Promise<HttpTestClient> {
      const peer = await connectHttpClient(server.url);
      peers.push(peer);
      return peer;
    }

    const probe = () => server.tools.probe;
    const nextKey = () => `${responseMode}-${++keys}`;

    it('cancels a call through its AbortSignal: the server tool sees its signal fire', async () => {
      const peer = await connect();
      const key = nextKey();
      const abort = new AbortController();
      const call = peer.client.callTool('wait_for_cancel', { key }, { signal: abort.signal });
      await within(probe().wait(`started:${key}`), 5000, 'the tool to start');
      abort.abort('user gave up');
      await expect(call).rejects.toBeInstanceOf(RequestCancelledError);
      await within(probe().wait(`aborted:${key}`), 5000, "the tool's signal");
      expect(peer.client.pendingRequests()).toEqual([]);
    });

    it('cancels a call when callTool$ is unsubscribed', async () => {
      const peer = await connect();
      const key = nextKey();
      const subscription = peer.client
        .callTool$('wait_for_cancel', { key })
        .subscribe({ error: () => undefined });
      await within(probe().wait(`started:${key}`), 5000, 'the tool to start');
      subscription.unsubscribe();
      await within(probe().wait(`aborted:${key}`), 5000, "the tool's signal");
      expect(peer.client.pendingRequests()).toEqual([]);
    });

    it('times out a call with RequestTimeoutError and cancels it on the server', async () => {
      const peer = await connect();
      const key = nextKey();
      const call = peer.client.callTool('wait_for_cancel', { key }, { timeoutMs: 300 });
      await expect(call).rejects.toBeInstanceOf(RequestTimeoutError);
      await within(probe().wait(`aborted:${key}`), 5000, "the tool's signal");
      // The session is still usable.
      expect(await peer.client.callTool('echo', { text: 'after' })).toEqual({
        content: [{ type: 'text', text: 'echo: after' }],
      });
    });

    it('resumes a reply stream the server closed (SSE polling) and gets the result', async () => {
      const resumedAfter: string[] = [];
      const peer = await connectHttpClient(server.url, {
        http: {
          fetch: (input, init) => {
            const headers = init.headers as Record<string, string>;
            if (init.method === 'GET' && headers['last-event-id'])
              resumedAfter.push(headers['last-event-id']);
            return fetch(input, init);
          },
        },
      });
      peers.push(peer);
      const result = await peer.client.callTool('poll_me');
      expect(result.content).toEqual([{ type: 'text', text: 'result after polling' }]);
      // A JSON reply has no stream to close; SSE replies are resumed with the priming event's id.
      expect(resumedAfter).toHaveLength(responseMode === 'json' ? 0 : 1);
      expect(peer.errors).toEqual([]);
    });

    it('DELETEs its session on close', async () => {
      const peer = createHttpClient(server.url);
      await peer.client.connect();
      const sessionId = peer.transport.sessionId!;
      expect(await server.handler.sessions.find(sessionId)).toBeDefined();
      await peer?.close();
      expect(await server.handler.sessions.find(sessionId)).toBeUndefined();
      expect(peer.client.currentState).toBe('closed');
    });

    it('streams a long call with callTool$ to the end', async () => {
      const peer = await connect();
      const events = await lastValueFrom(peer.client.callTool$('progress_logs', { steps: 2 }));
      expect(events).toEqual({
        type: 'result',
        result: { content: [{ type: 'text', text: 'did 2 steps' }] },
      });
    });
  },
);

describe('McpClient over Streamable HTTP: session expiry', () => {
  it.each(['auto', 'json', 'sse'] as const)(
    're-initializes transparently after the server expired the session (%s)',
    async (responseMode) => {
      // Long enough that a loaded CI machine cannot let the session lapse between `initialize`
      // and `notifications/initialized` (200 ms once did); the wait below allows for it.
      const server = await startNestServer({ responseMode, sessionIdleTimeoutMs: 2000 });
      const peer = await connectHttpClient(server.url);
      try {
        const first = peer.transport.sessionId;
        expect(await peer.client.callTool('echo', { text: 'one' })).toEqual({
          content: [{ type: 'text', text: 'echo: one' }],
        });
        // `size` does not touch sessions, so polling it does not keep this one alive.
        await waitFor(() => server.handler.sessions.size === 0, {
          description: 'the session to expire',
          timeoutMs: 20_000,
        });
        expect(await peer.client.callTool('echo', { text: 'two' })).toEqual({
          content: [{ type: 'text', text: 'echo: two' }],
        });
        expect(peer.transport.sessionId).toEqual(expect.any(String));
        expect(peer.transport.sessionId).not.toBe(first);
        expect(peer.client.currentState).toBe('ready');
        // Only the dropped standalone stream may have reported the end of the old session.
        for (const error of peer.errors) expect(error).toMatchObject({ kind: 'http', status: 404 });
      } finally {
        await peer?.close();
        await server.close();
      }
    },
  );
});

describe('McpClient over Streamable HTTP: nothing listening', () => {
  it('fails connect() with a refused TransportError', async () => {
    const server = await startNestServer();
    const url = server.url;
    await server.close();
    const peer = createHttpClient(url, { requestTimeoutMs: 5000 });
    const error = await peer.client.connect().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ kind: 'refused' });
    await peer?.close();
  });
});
