import { z } from 'zod';
import { connectClient, type TestClient } from '../support/client.js';
import {
  initializeRawSession,
  openSse,
  postJson,
  rawId,
  rawRequest,
  type RawSession,
  type SseEvent,
  type SseReader,
} from '../support/raw-http.js';
import { after, BACKLOG_COUNT, readBacklog, startBacklog } from '../streams/support/backlog.js';
import { McpClient, StreamableHttpClientTransport } from '../../../lib/index.js';
import { useCluster, type Instance } from './support/cluster.js';
import { waitFor } from '../support/wait.js';

/**
 * Issue 23 "nothing lost on a stream": the GET stream of a 2025 session on several real
 * processes of `sample/10-cluster` sharing Redis. Notifications for the session are kept in
 * order whichever instance produced them and whether or not a stream was connected; a
 * `Last-Event-ID` on any instance replays exactly what was missed, then continues live. Before:
 * a resume on another instance answered 200 with no events and every later notification was lost,
 * and a disconnected stream stored nothing.
 */
import.meta.jest.setTimeout(60_000);

const urlOf = (instance: Instance) => new URL(`http://127.0.0.1:${instance.port}/mcp`);

/** `acme/tick` notifications seen on a stream, by tag, and the id of the last event read. */
interface Ticks {
  byTag: Map<string, number[]>;
  lastId?: string;
}

function record(ticks: Ticks, event: SseEvent): void {
  if (event.id !== undefined) ticks.lastId = event.id;
  if (event.data === '') return;
  const message = JSON.parse(event.data) as {
    method?: string;
    params?: { tag: string; n: number };
  };
  if (message.method !== 'acme/tick') return;
  const list = ticks.byTag.get(message.params!.tag) ?? [];
  list.push(message.params!.n);
  ticks.byTag.set(message.params!.tag, list);
}

/** Reads `stream` until `done(ticks)` holds (undefined when the stream ended first). */
async function readUntil(stream: SseReader, ticks: Ticks, done: (t: Ticks) => boolean) {
  return stream.until((event) => {
    record(ticks, event);
    return done(ticks);
  });
}

const count = (ticks: Ticks, tag: string) => ticks.byTag.get(tag)?.length ?? 0;
const oneTo = (n: number) => after(0, n);

/** `announce` through `instance`: `n` ticks tagged `tag` for the session, `delayMs` apart. */
function announce(instance: Instance, session: RawSession, tag: string, n: number, delayMs = 0) {
  return postJson(
    urlOf(instance),
    {
      jsonrpc: '2.0',
      id: rawId(),
      method: 'tools/call',
      params: { name: 'announce', arguments: { tag, count: n, delayMs } },
    },
    session.headers,
  );
}

const getStream = (instance: Instance, session: RawSession, lastEventId?: string) =>
  openSse(urlOf(instance), {
    method: 'GET',
    headers: {
      ...session.headers,
      accept: 'text/event-stream',
      ...(lastEventId !== undefined && { 'last-event-id': lastEventId }),
    },
  });

// One cluster of two for the file (each start boots two Nest processes): every test opens its
// own sessions and streams.
const fx = useCluster(2);

describe('the GET stream of a session across instances on Redis', () => {
  let a: Instance, b: Instance;

  beforeAll(() => {
    [a, b] = fx.cluster.instances;
  });

  it('a resume on the other instance gets exactly what was missed, the reconnect gap included, then live ones', async () => {
    const session = await initializeRawSession(urlOf(a));
    const ticks: Ticks = { byTag: new Map() };
    const first = await getStream(a, session);
    expect(first.status).toBe(200);
    const produced = announce(b, session, 'gap', 40, 10); // from B, while the client moves
    await readUntil(first, ticks, (t) => count(t, 'gap') >= 5);
    first.abort(); // the connection drops mid-stream; ticks go on while none is connected
    await produced;
    const resumed = await getStream(b, session, ticks.lastId);
    expect(resumed.status).toBe(200);
    await readUntil(resumed, ticks, (t) => count(t, 'gap') >= 40);
    const live = announce(a, session, 'live', 5); // produced on A, read live on B
    await readUntil(resumed, ticks, (t) => count(t, 'live') >= 5);
    await live;
    resumed.abort();
    expect(ticks.byTag.get('gap')).toEqual(oneTo(40)); // 0 lost, 0 duplicated, in order
    expect(ticks.byTag.get('live')).toEqual(oneTo(5));
  });

  it('notifications produced while no stream is connected are replayed on any instance', async () => {
    const session = await initializeRawSession(urlOf(b));
    const ticks: Ticks = { byTag: new Map() };
    const first = await getStream(b, session);
    const priming = await first.next();
    expect(priming).toMatchObject({ data: '' });
    first.abort();
    await announce(a, session, 'offline', 10);
    await announce(b, session, 'offline-b', 10);
    const resumed = await getStream(a, session, priming!.id);
    await readUntil(resumed, ticks, (t) => count(t, 'offline-b') >= 10);
    resumed.abort();
    expect(ticks.byTag.get('offline')).toEqual(oneTo(10));
    expect(ticks.byTag.get('offline-b')).toEqual(oneTo(10));
  });

  it('refuses a Last-Event-ID of another session, a malformed or garbage one with 400; the stream still works', async () => {
    const mine = await initializeRawSession(urlOf(a));
    const theirs = await initializeRawSession(urlOf(b));
    const theirStream = await getStream(b, theirs);
    const theirPriming = (await theirStream.next())!.id!;
    theirStream.abort();
    for (const id of [theirPriming, `${mine.sessionId}.get_not-an-id`, 'garbage', '_1-0']) {
      for (const instance of [a, b]) {
        const refused = await rawRequest(urlOf(instance), {
          method: 'GET',
          headers: { ...mine.headers, accept: 'text/event-stream', 'last-event-id': id },
        });
        expect(refused.status).toBe(400);
        expect(JSON.parse(refused.text)).toMatchObject({
          jsonrpc: '2.0',
          error: { code: -32600, message: 'Unknown Last-Event-ID for this session' },
        });
      }
    }
    const ticks: Ticks = { byTag: new Map() };
    const stream = await getStream(a, mine);
    await stream.next(); // priming
    await announce(b, mine, 'after-refusals', 3);
    await readUntil(stream, ticks, (t) => count(t, 'after-refusals') >= 3);
    stream.abort();
    expect(ticks.byTag.get('after-refusals')).toEqual(oneTo(3));
  });

  it('a 12.5 MiB backlog of a call on A is resumed in full on B by a client that reads', async () => {
    const session = await initializeRawSession(urlOf(a));
    const { lastEventId, seen } = await startBacklog(urlOf(a), session);
    const resumed = await getStream(b, session, lastEventId);
    expect(resumed.status).toBe(200);
    const { numbers, result } = readBacklog(await resumed.rest());
    expect(numbers).toEqual(after(seen, BACKLOG_COUNT));
    expect(result).toBe(true);
  });
});

/**
 * A fetch whose first GET stream the network drops after `ticks` ticks: the client resumes with
 * Last-Event-ID through the proxy, which sends it to the other instance.
 */
function dropFirstGetAfter(ticks: number): { fetch: typeof fetch; drops: number } {
  let wrapped = false;
  const state = {
    /** How many streams were cut (counted when the cut happens). */
    drops: 0,
    fetch: (async (input, init) => {
      const response = await fetch(input, init);
      if ((init?.method ?? 'GET') !== 'GET' || wrapped || !response.body) return response;
      wrapped = true;
      let seen = 0;
      const reader = response.body.getReader();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          // Drop on the read after the chunk that reached the count: erroring the stream in the
          // same pull would discard that chunk unread (with the priming event, when a loaded
          // server wrote everything in one chunk), so the client could not resume from it.
          if (seen >= ticks) {
            state.drops++;
            controller.error(new TypeError('network connection lost'));
            await reader.cancel();
            return;
          }
          const { value, done } = await reader.read();
          if (done) return controller.close();
          seen += new TextDecoder().decode(value).split('acme/tick').length - 1;
          controller.enqueue(value);
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    }) as typeof fetch,
  };
  return state;
}

describe('the GET stream through the round-robin proxy (official SDK v1 client, McpClient)', () => {
  const clients: TestClient[] = [];

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  });

  it('every tick from every instance arrives once, across a dropped GET stream resumed on the other instance', async () => {
    const ticks: number[] = [];
    const drop = dropFirstGetAfter(3);
    const test = await connectClient(fx.cluster.mcpUrl, {
      fetch: drop.fetch,
      setup: (client) =>
        client.setNotificationHandler(
          z.object({
            method: z.literal('acme/tick'),
            params: z.object({ tag: z.string(), n: z.number() }),
          }),
          (n) => void ticks.push(n.params.n),
        ),
    });
    clients.push(test);
    await test.standaloneStream;
    // Each call lands on the next instance; each sends 10 ticks through the bus, which both
    // instances deliver to their copy of the session: the log keeps each once.
    for (let round = 0; round < 4; round++) {
      await test.client.callTool({
        name: 'announce',
        arguments: { tag: 'sdk', count: 10, delayMs: 5 },
      });
    }
    for (let i = 0; i < 200 && ticks.length < 40; i++) await new Promise((r) => setTimeout(r, 50));
    expect(drop.drops).toBe(1);
    expect(ticks).toEqual(Array.from({ length: 4 }, () => oneTo(10)).flat());
  });

  it('McpClient (2025-11-25): every tick from every instance arrives once, across a dropped GET stream', async () => {
    const drop = dropFirstGetAfter(3);
    const transport = new StreamableHttpClientTransport(fx.cluster.mcpUrl, { fetch: drop.fetch });
    const client = new McpClient({ transport, protocolVersion: '2025-11-25' });
    const ticks: number[] = [];
    client.notifications$.subscribe((n) => {
      if (n.method === 'acme/tick') ticks.push((n.params as { n: number }).n);
    });
    await client.connect();
    try {
      // As the SDK case awaits its stream: a tick sent before the GET stream is open has no
      // stream to go to (a first GET, without Last-Event-ID, starts from now). connect() does not
      // wait for it; on a loaded machine the first call's first tick came before it.
      await waitFor(() => transport.hasStandaloneStream, { description: 'the GET stream' });
      for (let round = 0; round < 4; round++) {
        await client.callTool('announce', { tag: 'mcp', count: 10, delayMs: 5 });
      }
      for (let i = 0; i < 200 && ticks.length < 40; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(drop.drops).toBe(1);
      expect(ticks).toEqual(Array.from({ length: 4 }, () => oneTo(10)).flat());
    } finally {
      await client.close();
    }
  });
});
