import { randomUUID } from 'node:crypto';
import { deleteTestKeys, TEST_REDIS_URL } from '../../support/redis.js';
import { DelayingTcpProxy } from '../../support/delaying-tcp-proxy.js';
import {
  initializeRawSession,
  openSse,
  postJson,
  rawId,
  type RawSession,
  type SseEvent,
} from '../support/raw-http.js';
import { CLUSTER_START_MS, startInstance, type Instance } from './support/cluster.js';

/**
 * Causal order on the GET stream of a 2025 session served by several instances: the
 * notifications a handler sent before its result come before those of a request the client
 * sends after it saw that result, whichever instance serves each. Instance A reaches Redis
 * through a proxy that answers it late (a slow path to Redis), B directly; the session's first
 * call runs on A, the next one on B, which served nothing of the session before. Before: A
 * answered its call at once while its ticks were still on their way to the session's log, and
 * B's ticks, stored at once, came first.
 */
import.meta.jest.setTimeout(60_000);

/** How late the proxy passes what instance A and Redis send each other. */
const REDIS_DELAY_MS = 40;

const urlOf = (instance: Instance) => new URL(`http://127.0.0.1:${instance.port}/mcp`);

function announce(instance: Instance, session: RawSession, tag: string, count: number) {
  return postJson(
    urlOf(instance),
    {
      jsonrpc: '2.0',
      id: rawId(),
      method: 'tools/call',
      params: { name: 'announce', arguments: { tag, count, delayMs: 0 } },
    },
    session.headers,
  );
}

/** `tag:n` of an `acme/tick` event (undefined for anything else). */
function tickOf(event: SseEvent): string | undefined {
  if (event.data === '') return undefined;
  const message = JSON.parse(event.data) as {
    method?: string;
    params?: { tag: string; n: number };
  };
  return message.method === 'acme/tick' ? `${message.params!.tag}:${message.params!.n}` : undefined;
}

const ticks = (tag: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${tag}:${i + 1}`);

/**
 * Opens the session's GET stream on `instance`; `seen` resolves with the first `count` ticks it
 * carries, in the order they came (the stream is then closed).
 */
async function followTicks(instance: Instance, session: RawSession, count: number) {
  const stream = await openSse(urlOf(instance), {
    method: 'GET',
    headers: { ...session.headers, accept: 'text/event-stream' },
  });
  expect(stream.status).toBe(200);
  const seen: string[] = [];
  const reading = stream.until((event) => {
    const tick = tickOf(event);
    if (tick !== undefined) seen.push(tick);
    return seen.length >= count;
  });
  return {
    seen: reading.then(() => {
      stream.abort();
      return seen;
    }),
  };
}

describe('the order of a session’s GET stream across instances (one with a slow path to Redis)', () => {
  const prefix = `mcp-e2e:${randomUUID()}:`;
  let proxy: DelayingTcpProxy;
  let a: Instance, b: Instance;

  beforeAll(async () => {
    const redis = new URL(TEST_REDIS_URL);
    proxy = await DelayingTcpProxy.start(
      redis.hostname,
      Number(redis.port || 6379),
      REDIS_DELAY_MS,
    );
    [a, b] = await Promise.all([
      startInstance(prefix, { REDIS_URL: proxy.rewrite(TEST_REDIS_URL) }),
      startInstance(prefix),
    ]);
  }, CLUSTER_START_MS);

  afterAll(async () => {
    for (const instance of [a, b]) instance?.process.kill('SIGTERM');
    await proxy?.close();
    await deleteTestKeys(prefix);
  });

  it('the ticks of a call on A come before those of the next call, on B', async () => {
    const session = await initializeRawSession(urlOf(a));
    const stream = await followTicks(a, session, 20);
    expect((await announce(a, session, 'first', 10)).status).toBe(200);
    expect((await announce(b, session, 'second', 10)).status).toBe(200);
    expect(await stream.seen).toEqual([...ticks('first', 10), ...ticks('second', 10)]);
  });

  it('the ticks of a call on B come before those of the next call, on A', async () => {
    const session = await initializeRawSession(urlOf(b));
    const stream = await followTicks(b, session, 30);
    for (const [instance, tag] of [
      [b, 'one'],
      [a, 'two'],
      [b, 'three'],
    ] as const) {
      expect((await announce(instance, session, tag, 10)).status).toBe(200);
    }
    expect(await stream.seen).toEqual([
      ...ticks('one', 10),
      ...ticks('two', 10),
      ...ticks('three', 10),
    ]);
  });
});
