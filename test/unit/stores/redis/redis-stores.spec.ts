import {
  createRedisStores,
  type McpRedisStores,
} from '../../../../lib/stores/redis/create-redis-stores.js';
import { RedisConnection } from '../../../../lib/stores/redis/redis-connection.js';
import { RedisSessionStore } from '../../../../lib/stores/redis/redis-session-store.js';
import { StoreUnavailableError } from '../../../../lib/errors/store-unavailable.error.js';
import type { McpBusEvent } from '../../../../lib/stores/message-bus.interface.js';
import type { SessionRecord } from '../../../../lib/stores/session-store.interface.js';
import { DEAD_REDIS_URL, testRedisOptions, useTestRedisStores } from '../../../support/redis.js';

const record = (id: string, extra: Partial<SessionRecord> = {}): SessionRecord => ({
  id,
  protocol: { protocolVersion: '2025-11-25', clientCapabilities: { roots: {} }, logLevel: 'debug' },
  subscriptions: ['file:///a'],
  principal: 'alice',
  createdAt: 1,
  ...extra,
});

const nextEvent = (stores: McpRedisStores, type: McpBusEvent['type']) =>
  new Promise<McpBusEvent>((resolve) => {
    const off = stores.messageBus.subscribe((event) => {
      if (event.type !== type) return;
      off();
      resolve(event);
    });
  });

describe('Redis stores (real Redis at REDIS_URL)', () => {
  const warnings: string[] = [];
  const logger = { warn: (m: string) => warnings.push(m), error: () => undefined };
  const stores = useTestRedisStores({ logger, eventTtlMs: 60_000 });

  describe('RedisSessionStore', () => {
    it('keeps the whole record (protocol, subscriptions, principal, log level) and replaces it', async () => {
      await stores().sessionStore.set(record('s1'), 10_000);
      expect(await stores().sessionStore.get('s1')).toEqual(record('s1'));
      await stores().sessionStore.set(record('s1', { subscriptions: ['file:///b'] }), 10_000);
      expect((await stores().sessionStore.get('s1'))?.subscriptions).toEqual(['file:///b']);
    });

    it('expires a record after its TTL unless touched', async () => {
      // Both written at once (a write is two commands now: the record and the last record).
      await Promise.all([
        stores().sessionStore.set(record('short'), 600),
        stores().sessionStore.set(record('kept'), 600),
      ]);
      await new Promise((r) => setTimeout(r, 300));
      expect(await stores().sessionStore.touch('kept', 10_000)).toBe(true);
      await new Promise((r) => setTimeout(r, 500));
      expect(await stores().sessionStore.get('short')).toBeUndefined();
      expect(await stores().sessionStore.get('kept')).toBeDefined();
      expect(await stores().sessionStore.touch('short', 1000)).toBe(false);
    });

    it('arbitrates a lost record: the first of restore and markEnded decides', async () => {
      const store = stores().sessionStore;
      // A live copy restores first: the session goes on, an end mark cannot replace it.
      expect(await store.restore(record('r1'), 10_000)).toBe(true);
      expect(await store.markEnded('r1', 10_000)).toBe(false);
      expect(await store.get('r1')).toEqual(record('r1'));
      // An instance ends it first: a later restore does not bring it back, reads find nothing.
      expect(await store.markEnded('r2', 10_000)).toBe('marked'); // this call ended it
      expect(await store.markEnded('r2', 10_000)).toBe(true); // ended already: still ended
      expect(await store.restore(record('r2'), 10_000)).toBe(false);
      expect(await store.get('r2')).toBeUndefined();
      expect(await store.load('r2', 10_000)).toBeUndefined();
      expect(warnings.filter((w) => w.includes('r2'))).toEqual([]); // the mark is not "malformed"
    });

    it('claims each expired session once (sweeps of two instances, or a request), with its last record', async () => {
      const a = stores().sessionStore;
      const b = new RedisSessionStore(stores().connection); // another instance's store
      const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
      for (const id of ['x1', 'x2', 'x3', 'x4', 'alive']) {
        await a.set(record(id, { state: { n: id } }), 1000);
        await a.track(id, 1000);
      }
      await a.delete('x3'); // ended on purpose (DELETE): never claimed as expired
      await sleep(500);
      expect(await a.load('alive', 10_000)).toBeDefined(); // a request extends its life
      await sleep(700);
      expect(await b.claimEnded('x4')).toEqual({
        id: 'x4',
        record: record('x4', { state: { n: 'x4' } }),
      });
      const claimed = (await Promise.all([a.claimExpired(), b.claimExpired()])).flat();
      expect(claimed.map((e) => e.id).sort()).toEqual(['x1', 'x2']);
      expect(claimed.find((e) => e.id === 'x1')?.record).toEqual(
        record('x1', { state: { n: 'x1' } }),
      );
      expect(await a.claimEnded('x1')).toBeUndefined(); // claimed already
      expect(await a.claimExpired()).toEqual([]); // 'alive' was checked again later, not claimed
      expect(await a.claimEnded('never-listed')).toBeUndefined(); // a forged id
      // The sweep left the end mark in place of a claimed record: a request reads "ended".
      expect(await a.markEnded('x1', 10_000)).toBe(true);
    });

    it('deletes, and treats a malformed record as absent', async () => {
      await stores().sessionStore.set(record('gone'), 10_000);
      await stores().sessionStore.delete('gone');
      expect(await stores().sessionStore.get('gone')).toBeUndefined();
      await stores().connection.client.set(stores().connection.key('session', 'bad'), '{not json');
      expect(await stores().sessionStore.get('bad')).toBeUndefined();
      expect(warnings.some((w) => w.includes('malformed'))).toBe(true);
    });
  });

  describe('RedisEventStore', () => {
    it('replays only the events after the given id, of that stream only', async () => {
      const a1 = await stores().eventStore.storeEvent('sess.a', { n: 1 });
      await stores().eventStore.storeEvent('sess.b', { n: 99 });
      await stores().eventStore.storeEvent('sess.a', { n: 2 });
      await stores().eventStore.storeEvent('sess.a', null);
      await stores().eventStore.storeEvent('sess.a', { n: 3 });
      const seen: unknown[] = [];
      const stream = await stores().eventStore.replayEventsAfter(a1, (_id, m) => void seen.push(m));
      expect(stream).toBe('sess.a');
      expect(seen).toEqual([{ n: 2 }, null, { n: 3 }]);
    });

    it('answers undefined for unknown, malformed and deleted ids', async () => {
      const id = await stores().eventStore.storeEvent('sess.c', { n: 1 });
      const none = () => undefined;
      expect(await stores().eventStore.replayEventsAfter('nope_1-0', none)).toBeUndefined();
      expect(await stores().eventStore.replayEventsAfter('garbage', none)).toBeUndefined();
      expect(await stores().eventStore.replayEventsAfter('sess.c_1', none)).toBeUndefined();
      await stores().eventStore.deleteStream('sess.c');
      expect(await stores().eventStore.replayEventsAfter(id, none)).toBeUndefined();
    });

    it('bounds a stream (MAXLEN ~) and gives it a TTL', async () => {
      const small = await createRedisStores(
        testRedisOptions({ maxEventsPerStream: 10, eventTtlMs: 5000 }),
      );
      try {
        for (let i = 0; i < 500; i++) await small.eventStore.storeEvent('big', { i });
        const key = small.connection.keys.events('big');
        expect(await small.connection.client.xlen(key)).toBeLessThan(500);
        const ttl = await small.connection.client.pttl(key);
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual(5000);
      } finally {
        small.close();
      }
    });

    it('follows a stream written elsewhere until it is ended, and records its info', async () => {
      await stores().eventStore.describeStream('sess.f', { owner: 'i1', requestIds: [7] });
      const first = await stores().eventStore.storeEvent('sess.f', { n: 1 });
      await stores().eventStore.storeEvent('sess.f', { n: 2 });
      const seen: unknown[] = [];
      const following = stores().eventStore.follow(
        first,
        (_id, m) => void seen.push(m),
        () => false,
      );
      await new Promise((r) => setTimeout(r, 50));
      await stores().eventStore.storeEvent('sess.f', { n: 3 });
      await stores().eventStore.endStream('sess.f');
      expect(await following).toBe('ended');
      expect(seen).toEqual([{ n: 2 }, { n: 3 }]);
      expect(await stores().eventStore.streamInfo('sess.f')).toEqual({
        owner: 'i1',
        requestIds: [7],
      });
    });
  });

  describe('RedisMessageBus', () => {
    it('delivers published events to every subscriber, through Redis', async () => {
      const other = await createRedisStores({ ...stores().connection.options, logger: undefined });
      try {
        const got = nextEvent(other, 'resource-updated');
        await stores().messageBus.publish({ type: 'resource-updated', uri: 'file:///x' });
        expect(await got).toEqual({ type: 'resource-updated', uri: 'file:///x' });
      } finally {
        other.close();
      }
    });

    it('logs and drops garbage on the channel, and keeps delivering', async () => {
      const got = nextEvent(stores(), 'list-changed');
      const channel = stores().connection.key('bus');
      await stores().connection.client.publish(channel, 'not json at all');
      await stores().connection.client.publish(
        channel,
        JSON.stringify({ type: 'list-changed', kind: 'x' }),
      );
      await stores().connection.client.publish(channel, JSON.stringify({ type: '__proto__' }));
      await stores().messageBus.publish({ type: 'list-changed', kind: 'tools' });
      expect(await got).toEqual({ type: 'list-changed', kind: 'tools' });
      expect(warnings.filter((w) => w.includes('malformed'))).toHaveLength(4); // 3 here + session record
    });
  });

  describe('when Redis is not there', () => {
    it('fails at startup with an error naming the URL', async () => {
      const opening = createRedisStores({ url: DEAD_REDIS_URL, connectTimeoutMs: 2000 });
      await expect(opening).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(opening).rejects.toThrow(/Cannot connect to Redis at redis:\/\/127\.0\.0\.1:1/);
    });

    it('queues commands through a dropped connection, and logs the loss and the recovery once each', async () => {
      const warned: string[] = [];
      const logger = { warn: (m: string) => warned.push(m), error: () => undefined };
      const connection = await RedisConnection.open(testRedisOptions({ logger }));
      const store = new RedisSessionStore(connection);
      try {
        const id = String(await connection.client.client('ID'));
        const closed = new Promise((resolve) => connection.client.once('close', resolve));
        await stores().connection.client.client('KILL', 'ID', id);
        await closed;
        expect(await store.get('x')).toBeUndefined(); // waited for the reconnect
        for (let i = 0; i < 50 && !warned.some((w) => w.includes('restored')); i++) {
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(warned.filter((w) => w.includes('lost'))).toHaveLength(1);
        expect(warned.filter((w) => w.includes('restored'))).toHaveLength(1);
      } finally {
        connection.close();
      }
    });

    it('fails a command on a closed connection with a generic error; the driver text goes to the log', async () => {
      const warned: string[] = [];
      const logger = { warn: (m: string) => warned.push(m), error: () => undefined };
      const connection = await RedisConnection.open(testRedisOptions({ logger }));
      const store = new RedisSessionStore(connection);
      connection.client.disconnect();
      const error = (await store.get('x').catch((e: unknown) => e)) as StoreUnavailableError;
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect(error.message).toMatch(
        /^Shared store unavailable, retry shortly \(ref [0-9a-f]{12}\)$/,
      );
      const { ref } = error.data as { ref: string };
      expect(warned.find((w) => w.includes(ref))).toMatch(
        /session get failed.*Connection is closed/,
      );
      connection.close();
    });
  });
});
