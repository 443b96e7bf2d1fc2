import { Redis } from 'ioredis';
import {
  initializeRawSession,
  openSse,
  postJson,
  rawId,
  type RawSession,
  type SseReader,
} from '../support/raw-http.js';
import {
  startCluster,
  storesUp,
  type ClusterOn,
  type Instance,
  CLUSTER_START_MS,
} from './support/cluster.js';
import { describeWithRedis } from './support/redis-deployments.js';

/**
 * Issue 38 rows 2 and 3: the GET streams of many sessions on real processes of
 * `sample/10-cluster` sharing a PRIVATE Redis started with `maxclients 40`. Before: every
 * followed stream held a blocking Redis connection of its own, so the streams past the limit
 * answered 200 and never delivered anything, a refused Redis left new streams silent, and a
 * stream open on an instance that saw no POSTs was closed by live-copy eviction.
 */
import.meta.jest.setTimeout(120_000);

const MAX_CLIENTS = 40;
/** Streams opened in the scale case: more than Redis accepts connections. */
const STREAMS = 60;
/** The instances' `liveCopyIdleMs`: short, so an idle copy goes within the test. */
const LIVE_COPY_IDLE_MS = 1000;

const urlOf = (instance: Instance) => new URL(`http://127.0.0.1:${instance.port}/mcp`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `announce` through `instance`: `n` `acme/tick` notifications tagged `tag` for the session. */
const announce = (instance: Instance, session: RawSession, tag: string, n: number) =>
  postJson(
    urlOf(instance),
    {
      jsonrpc: '2.0',
      id: rawId(),
      method: 'tools/call',
      params: { name: 'announce', arguments: { tag, count: n } },
    },
    session.headers,
  );

const getStream = (instance: Instance, session: RawSession) =>
  openSse(urlOf(instance), {
    method: 'GET',
    headers: { ...session.headers, accept: 'text/event-stream' },
  });

/**
 * Reads `stream` until `n` ticks tagged `tag` arrived, the stream ended, or `ms` passed; resolves
 * to the tick numbers seen.
 */
async function ticksOf(stream: SseReader, tag: string, n: number, ms = 15_000) {
  const seen: number[] = [];
  const reading = stream.until((event) => {
    if (event.data === '') return false;
    const message = JSON.parse(event.data) as {
      method?: string;
      params?: { tag: string; n: number };
    };
    if (message.method === 'acme/tick' && message.params?.tag === tag) seen.push(message.params.n);
    return seen.length >= n;
  });
  await Promise.race([reading, sleep(ms)]);
  return seen;
}

/** What `McpHealthIndicator` says of the instance's event store (the sample's `/debug/health`). */
async function eventStoreHealth(instance: Instance): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${instance.port}/debug/health`);
  const body = (await response.json()) as { mcp: { stores: { eventStore: unknown } } };
  return body.mcp.stores.eventStore;
}

const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** Redis clients connected now (`CLIENT LIST`), the asking one included. */
async function redisClients(admin: Redis): Promise<number> {
  const list = (await admin.client('LIST')) as string;
  return list.split('\n').filter((line) => line.trim() !== '').length;
}

/**
 * Drops every subscriber connection (the instances' bus and stream-follow subscribers) and, in
 * the same transaction, lowers `maxclients` to the clients left, so Redis refuses their
 * reconnects (as at `maxclients`) until {@link acceptAgain}.
 */
async function killSubscribersAndRefuse(admin: Redis): Promise<void> {
  const list = (await admin.call('CLIENT', 'LIST')) as string;
  const lines = list.split('\n').filter((line) => line.trim() !== '');
  const subscribers = lines.filter((line) => !/ sub=0 /.test(line) || !/ psub=0 /.test(line));
  await admin
    .multi()
    .call('CLIENT', 'KILL', 'TYPE', 'pubsub')
    .call('CONFIG', 'SET', 'maxclients', String(lines.length - subscribers.length))
    .exec();
}

/** Lets Redis take connections again. */
async function acceptAgain(admin: Redis): Promise<void> {
  await admin.call('CONFIG', 'SET', 'maxclients', String(MAX_CLIENTS));
}

/** Waits (bounded) until every store of `instance` answers its health probe. */
async function untilStoresUp(instance: Instance): Promise<void> {
  for (let i = 0; i < 100 && !(await storesUp(instance)); i++) await sleep(100);
}

describeWithRedis(
  'GET streams of many sessions over a bounded set of Redis connections (maxclients 40)',
  () => {
    let admin: Redis;
    let cluster: ClusterOn<'private'>;
    let a: Instance, b: Instance, c: Instance;

    beforeAll(async () => {
      cluster = await startCluster(
        3,
        { LIVE_COPY_IDLE_MS: String(LIVE_COPY_IDLE_MS) },
        { redis: 'private', redisArgs: ['--maxclients', String(MAX_CLIENTS)] },
      );
      admin = new Redis(cluster.redis.port, '127.0.0.1', { maxRetriesPerRequest: 1 });
      [a, b, c] = cluster.instances;
    }, CLUSTER_START_MS);
    afterAll(async () => {
      admin?.disconnect();
      await cluster?.close();
    });

    it('a stream open on an instance that sees no POSTs outlives liveCopyIdleMs and delivers every notification', async () => {
      const session = await initializeRawSession(urlOf(a));
      const stream = await getStream(a, session);
      expect(stream.status).toBe(200);
      expect(await stream.next()).toMatchObject({ data: '' }); // priming
      // Every POST goes to B; A sees none for longer than its liveCopyIdleMs, three times over.
      const rounds: number[][] = [];
      for (let round = 0; round < 3; round++) {
        await announce(b, session, `idle-${round}`, 5);
        rounds.push(await ticksOf(stream, `idle-${round}`, 5));
        await sleep(LIVE_COPY_IDLE_MS * 2);
      }
      await announce(c, session, 'last', 5);
      rounds.push(await ticksOf(stream, 'last', 5));
      stream.abort();
      expect(rounds).toEqual([oneTo(5), oneTo(5), oneTo(5), oneTo(5)]);
    });

    it(`${STREAMS} streams over 3 instances each deliver their notifications, on a bounded number of Redis clients`, async () => {
      const instances = [a, b, c];
      const sessions: RawSession[] = [];
      const streams: SseReader[] = [];
      for (let i = 0; i < STREAMS; i++) {
        const home = instances[i % 3];
        const session = await initializeRawSession(urlOf(home));
        const stream = await getStream(home, session);
        expect(stream.status).toBe(200);
        expect(await stream.next()).toMatchObject({ data: '' });
        sessions.push(session);
        streams.push(stream);
      }
      const clients = await redisClients(admin);
      // The tool runs on the next instance; the stream is followed on its own.
      await Promise.all(sessions.map((s, i) => announce(instances[(i + 1) % 3], s, 'many', 3)));
      const delivered = await Promise.all(streams.map((stream) => ticksOf(stream, 'many', 3)));
      for (const stream of streams) stream.abort();
      expect(delivered.filter((ticks) => ticks.length === 3)).toHaveLength(STREAMS);
      expect(delivered).toEqual(streams.map(() => oneTo(3)));
      // A few connections per instance (commands, bus subscriber, log follower, session-record
      // tracking subscriber) and this test's.
      expect(clients).toBeLessThanOrEqual(3 * 5 + 1);
    });

    it('when Redis refuses connections, an open stream is closed (to resume) and a new one gets 503 with Retry-After; both work again once Redis accepts', async () => {
      const session = await initializeRawSession(urlOf(a));
      const open = await getStream(a, session);
      expect(await open.next()).toMatchObject({ data: '' });
      let ended: unknown[] | undefined;
      try {
        // The subscriber connections drop and cannot come back while Redis refuses them.
        await killSubscribersAndRefuse(admin);
        ended = await Promise.race([open.rest(), sleep(10_000).then(() => undefined)]);
        const refused = await getStream(a, session);
        expect(refused.status).toBe(503);
        expect(refused.headers['retry-after']).toBeDefined();
        refused.abort();
        expect(await eventStoreHealth(a)).toMatchObject({ state: 'down' });
      } finally {
        await acceptAgain(admin);
      }
      expect(ended).toBeDefined(); // closed, not left silent
      for (const instance of [a, b, c]) await untilStoresUp(instance); // the bus subscribers too
      let again: SseReader | undefined;
      for (let i = 0; i < 50 && again?.status !== 200; i++) {
        again?.abort();
        await sleep(200);
        again = await getStream(a, session);
      }
      expect(again!.status).toBe(200);
      await again!.next(); // priming
      await announce(b, session, 'back', 3);
      expect(await ticksOf(again!, 'back', 3)).toEqual(oneTo(3));
      again!.abort();
      expect(await eventStoreHealth(a)).toEqual({ state: 'up' });
      const lost = [...a.stdout, ...a.stderr]
        .join('')
        .split('\n')
        .filter((line) => /Redis connection to .* lost/.test(line));
      expect(lost).toHaveLength(1); // logged once, whatever the number of streams
    });
  },
);
