import { randomUUID } from 'node:crypto';
import { Cluster } from 'ioredis';
import {
  createRedisStores,
  type McpRedisStores,
} from '../../../../lib/stores/redis/create-redis-stores.js';
import type { McpBusEvent } from '../../../../lib/stores/message-bus.interface.js';
import type { TaskRecord } from '../../../../lib/stores/task-store.interface.js';
import {
  hasRedisServer,
  startRedisCluster,
  type RedisClusterTopology,
} from '../../../support/redis-topology.js';

import.meta.jest.setTimeout(60_000);

const task = (taskId: string, owner: string): TaskRecord => ({
  taskId,
  owner,
  era: 'modern',
  method: 'tools/call',
  name: 'report',
  status: 'working',
  createdAt: new Date().toISOString(),
  lastUpdatedAt: new Date().toISOString(),
  ttlMs: 60_000,
  pollIntervalMs: 1000,
  expiresAt: Date.now() + 60_000,
});

/** A private 3-primary Redis Cluster: every store, script and the bus on sharded slots. */
(hasRedisServer ? describe : describe.skip)('Redis stores on a sharded Redis Cluster', () => {
  let topology: RedisClusterTopology;
  let stores: McpRedisStores;
  let other: McpRedisStores;
  const warnings: string[] = [];

  beforeAll(async () => {
    topology = await startRedisCluster();
    const logger = { warn: (m: string) => warnings.push(m), error: () => undefined };
    const keyPrefix = `mcp-test:${randomUUID()}:`;
    stores = await createRedisStores({ nodes: topology.nodes, keyPrefix, logger });
    other = await createRedisStores({ nodes: [topology.nodes[1]], keyPrefix, logger });
  });
  afterAll(async () => {
    stores?.close();
    other?.close();
    await topology?.stop();
  });

  it('runs the task scripts on keys spread over every primary (create, update, list, delete)', async () => {
    const owners = ['alice', 'bob', 'carol', 'dave'];
    for (const owner of owners) {
      for (let i = 0; i < 5; i++) await stores.taskStore.create(task(`${owner}-${i}`, owner));
    }
    const slots = new Set(
      await Promise.all(owners.map((o) => keySlotNode(stores, stores.connection.keys.tasksOf(o)))),
    );
    expect(slots.size).toBeGreaterThan(1); // the owners' indexes live on different primaries
    const updated = await other.taskStore.update('bob-2', {
      status: 'completed',
      lastUpdatedAt: new Date().toISOString(),
    });
    expect(updated?.status).toBe('completed');
    expect(
      (
        await stores.taskStore.update('bob-2', {
          status: 'failed',
          lastUpdatedAt: new Date().toISOString(),
        })
      )?.status,
    ).toBe('completed');
    const page = await other.taskStore.list('carol', undefined, 3);
    expect(page.tasks.map((t) => t.taskId)).toHaveLength(3);
    const rest = await other.taskStore.list('carol', page.nextCursor, 10);
    expect([...page.tasks, ...rest.tasks].map((t) => t.taskId).sort()).toEqual([
      'carol-0',
      'carol-1',
      'carol-2',
      'carol-3',
      'carol-4',
    ]);
    await stores.taskStore.delete('dave-0');
    expect(await other.taskStore.get('dave-0')).toBeUndefined();
    expect((await other.taskStore.list('dave', undefined, 10)).tasks).toHaveLength(4);
  });

  it('keeps session records and resumable streams on any node', async () => {
    for (let i = 0; i < 20; i++) {
      await stores.sessionStore.set(
        {
          id: `s${i}`,
          protocol: { protocolVersion: '2025-11-25', clientCapabilities: {} },
          subscriptions: [],
          createdAt: 1,
        },
        60_000,
      );
    }
    for (let i = 0; i < 20; i++) expect((await other.sessionStore.get(`s${i}`))?.id).toBe(`s${i}`);
    const first = await stores.eventStore.storeEvent('stream.a', { n: 1 });
    await stores.eventStore.storeEvent('stream.a', { n: 2 });
    const seen: unknown[] = [];
    expect(await other.eventStore.replayEventsAfter(first, (_id, m) => void seen.push(m))).toBe(
      'stream.a',
    );
    expect(seen).toEqual([{ n: 2 }]);
  });

  it('stores an event once per once-key on any stream (the script pairs two keys of one slot)', async () => {
    // Streams whose ids hash to different primaries: without the shared hash tag the script's two
    // keys (the stream and its once-set) fall into different slots and Redis answers CROSSSLOT.
    for (let i = 0; i < 8; i++) {
      const streamId = `s${i}.get`;
      const first = await stores.eventStore.storeEventOnce(streamId, { n: i }, `bus-${i}`);
      expect(first).toMatch(new RegExp(`^s${i}\\.get_`));
      expect(await other.eventStore.storeEventOnce(streamId, { n: i }, `bus-${i}`)).toBeUndefined();
    }
  });

  it('follows streams in slots of every primary at once, woken by appends made through another node', async () => {
    // One subscriber connection for every follow: the wake-ups of streams on any primary reach it.
    const ids = Array.from({ length: 8 }, (_, i) => `follow${i}.get`);
    const starts = await Promise.all(ids.map((id) => stores.eventStore.storeEvent(id, null)));
    const seen = ids.map(() => [] as unknown[]);
    let opened = 0;
    const follows = ids.map((_, i) =>
      stores.eventStore.follow(
        starts[i],
        (_id, message) => void seen[i].push(message),
        () => false,
        () => opened++,
      ),
    );
    for (let i = 0; i < 50 && opened < ids.length; i++) await new Promise((r) => setTimeout(r, 20));
    for (const [i, id] of ids.entries()) {
      await other.eventStore.storeEvent(id, { n: i });
      await other.eventStore.storeEventOnce(id, { once: i }, `k${i}`);
      await other.eventStore.endStream(id);
    }
    expect(await Promise.all(follows)).toEqual(ids.map(() => 'ended'));
    expect(seen).toEqual(ids.map((_, i) => [{ n: i }, { once: i }]));
  });

  it('delivers bus events between connections made on different seed nodes', async () => {
    const got = new Promise<McpBusEvent>((resolve) => {
      const off = other.messageBus.subscribe((event) => {
        if (event.type !== 'resource-updated') return;
        off();
        resolve(event);
      });
    });
    await stores.messageBus.publish({ type: 'resource-updated', uri: 'file:///cluster' });
    expect(await got).toEqual({ type: 'resource-updated', uri: 'file:///cluster' });
  });

  it('accepts an ioredis Cluster of the app as a template, and leaves it open', async () => {
    const mine = new Cluster(
      topology.nodes.map((n) => ({ host: '127.0.0.1', port: Number(n.split(':')[1]) })),
    );
    const fromClient = await createRedisStores({
      client: mine,
      keyPrefix: stores.connection.keys.prefix,
    });
    try {
      expect((await fromClient.taskStore.get('alice-1'))?.owner).toBe('alice');
      fromClient.close();
      expect(await mine.ping()).toBe('PONG');
    } finally {
      mine.disconnect();
    }
  });
});

/** The primary serving `key` (its slot's owner) as host:port. */
async function keySlotNode(stores: McpRedisStores, key: string): Promise<string> {
  const cluster = stores.connection.client as unknown as Cluster;
  const slot = Number(await cluster.cluster('KEYSLOT', key));
  return (cluster as unknown as { slots: string[][] }).slots[slot][0];
}
