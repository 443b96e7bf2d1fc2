import { z } from 'zod';
import { McpServer, type McpContext } from '../../../lib/index.js';
import { startApp, type TestApp } from '../support/app.js';
import { initializeRawSession, openSse } from '../support/raw-http.js';
import { BACKLOG_COUNT, after, readBacklog, startBacklog } from './support/backlog.js';

/**
 * Issue 24 item 2: a GET resume whose replay is over the SSE send bound (8 MiB) was written in one
 * go and reset (ECONNRESET, 0 events). The replay now waits for the socket to take each event, so
 * a 12.5 MiB backlog reaches a client that reads, in full and in order.
 */
import.meta.jest.setTimeout(60_000);

describe('replay of a large backlog (one instance, in-memory event store)', () => {
  let server: TestApp;
  let done: Promise<void>;

  beforeAll(async () => {
    server = await startApp();
    let finished!: () => void;
    done = new Promise((resolve) => (finished = resolve));
    server.app.get(McpServer).registerTool(
      {
        name: 'burst',
        inputSchema: { count: z.number().int(), bytes: z.number().int(), pauseMs: z.number() },
      },
      async (args: { count: number; bytes: number; pauseMs: number }, ctx: McpContext) => {
        const filler = 'x'.repeat(args.bytes);
        for (let n = 1; n <= args.count; n++) {
          ctx.log('info', { n, filler });
          if (n === 1) await new Promise((resolve) => setTimeout(resolve, args.pauseMs));
        }
        finished();
        return 'done';
      },
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('GET with Last-Event-ID replays a 12.5 MiB backlog in full to a client that reads', async () => {
    const session = await initializeRawSession(server.url);
    const { lastEventId, seen } = await startBacklog(server.url, session);
    await done;
    const resumed = await openSse(server.url, {
      method: 'GET',
      headers: { ...session.headers, accept: 'text/event-stream', 'last-event-id': lastEventId },
    });
    expect(resumed.status).toBe(200);
    const { numbers, result } = readBacklog(await resumed.rest());
    expect(numbers).toEqual(after(seen, BACKLOG_COUNT));
    expect(result).toBe(true);
  });
});
