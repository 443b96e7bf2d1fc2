import { Agent, request } from 'node:http';
import { McpModule } from '../../../lib/index.js';
import { initializeRawSession, POST_HEADERS, rawId, type RawSession } from '../support/raw-http.js';
import { TestTools } from '../support/test-tools.js';
import { waitFor, within } from '../support/wait.js';
import { bootApp, type BootedApp } from './support/nest-app.js';
import { ENDPOINT_MOUNTS } from './support/platforms.js';

/** The drain window the app gets; `app.close()` must end within it plus 2 s. */
const DRAIN_TIMEOUT_MS = 2000;
const LOOPS = 4;

/** What the clients saw: answers by status, and requests whose connection failed. */
interface Seen {
  ok: number;
  refusals: { status: number; retryAfter?: string; connection?: string }[];
  /** Connections refused: the listener closed (never a request the server read). */
  refused: number;
  /** Any other failure: a reset or a connection closed under a request. */
  failures: string[];
}

/**
 * Issue 38 row 1 on each platform and mount: `app.close()` while clients keep sending requests
 * over keep-alive connections (as a balancer's pool does) ends within `drainTimeoutMs` + 2 s.
 * Before: Node's `server.close()` kept serving busy keep-alive connections (no `Connection:
 * close`), so the close never ended while the clients kept sending. Every answer is a result or
 * a 503 with `Retry-After` and `Connection: close`; no connection is reset under a request.
 */
describe.each(ENDPOINT_MOUNTS)(
  'shutdown under keep-alive load (%s)',
  (_, { platform, fastPath }) => {
    let booted: BootedApp;
    const agent = new Agent({ keepAlive: true, maxSockets: LOOPS });

    beforeEach(async () => {
      booted = await bootApp({
        platform,
        imports: [
          McpModule.forRoot({
            name: 'keep-alive',
            version: '1.0.0',
            drainTimeoutMs: DRAIN_TIMEOUT_MS,
            fastPath,
          }),
        ],
        providers: [TestTools],
      });
    });

    afterEach(async () => {
      agent.destroy();
      await booted.close();
    });

    /** One POST of an echo call over the agent's pooled connections. */
    function call(session: RawSession, seen: Seen): Promise<boolean> {
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: rawId(),
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'hi' } },
      });
      return new Promise((resolve) => {
        const req = request(booted.url(), {
          method: 'POST',
          agent,
          headers: {
            ...POST_HEADERS,
            ...session.headers,
            'content-length': Buffer.byteLength(body),
          },
        });
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) seen.ok++;
            else {
              seen.refusals.push({
                status: res.statusCode ?? 0,
                retryAfter: res.headers['retry-after'],
                connection: res.headers.connection,
              });
            }
            resolve(true);
          });
        });
        req.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED') seen.refused++;
          else seen.failures.push(`${error.code}: ${error.message}`);
          resolve(false); // the server is gone for this client
        });
        req.end(body);
      });
    }

    it('app.close() ends while clients keep sending; only results and clean 503s', async () => {
      const session = await initializeRawSession(booted.url());
      const seen: Seen = { ok: 0, refusals: [], refused: 0, failures: [] };
      const loops = Array.from({ length: LOOPS }, async () => {
        while (await call(session, seen));
      });
      await waitFor(() => seen.ok >= 20, { description: 'calls before the close' });
      await within(booted.app.close(), DRAIN_TIMEOUT_MS + 2000, 'app.close() under load');
      await Promise.all(loops);
      expect(seen.failures).toEqual([]);
      expect(seen.refusals.filter((r) => r.status !== 503 || !r.retryAfter)).toEqual([]);
      expect(seen.refusals.filter((r) => r.connection !== 'close')).toEqual([]);
      expect(seen.refused).toBeGreaterThan(0); // every loop ended on the closed listener
    });
  },
);
