import { z } from 'zod';
import { McpServer } from '../../../../lib/server/mcp-server.js';
import type { McpBusEvent, MessageBus } from '../../../../lib/stores/message-bus.interface.js';
import { SharedTestBus } from './support/shared-test-bus.js';
import { InMemoryMessageBus } from '../../../../lib/stores/in-memory-message-bus.js';
import type {
  ClusterRegistrationRecord,
  RegistrationStore,
} from '../../../../lib/stores/registration-store.interface.js';

/** Registrations kept in a map; `list()` can be held open to interleave bus events. */
class MapStore implements RegistrationStore {
  readonly records = new Map<string, ClusterRegistrationRecord>();
  hold?: Promise<void>;
  async list() {
    const snapshot = [...this.records.values()];
    await this.hold;
    return snapshot;
  }
  async put(record: ClusterRegistrationRecord) {
    this.records.set(record.id, record);
  }
  async delete(id: string) {
    const record = this.records.get(id);
    this.records.delete(id);
    return record;
  }
}

/** A shared bus keeping its registrations in a {@link MapStore}. */
const sharedBus = () =>
  new SharedTestBus(new MapStore()) as SharedTestBus & { registrations: MapStore };
type SharedBus = ReturnType<typeof sharedBus>;

const info = { name: 'n', version: '1' };
const listChanges = (bus: SharedBus) => bus.published.filter((e) => e.type === 'list-changed');

describe('McpServer.cluster (cluster-wide registration)', () => {
  const servers: McpServer[] = [];
  afterEach(() => servers.splice(0).forEach((s) => s.close()));
  const start = async (bus: MessageBus) => {
    const server = new McpServer(info, bus);
    servers.push(server);
    await server.cluster.define<{ name: string; also?: string }>('echo', (r, { name, also }) => {
      r.registerTool({ name, inputSchema: { x: z.string() } }, ({ x }) => x);
      if (also) r.registerTool({ name: also }, () => 'also');
    });
    return server;
  };

  it('applies on every instance, stores once, announces each list once', async () => {
    const bus = sharedBus();
    const [a, b] = [await start(bus), await start(bus)];
    const id = await a.cluster.register('echo', { name: 'e1' });
    expect(a.tools.get('e1')).toBeDefined();
    expect(b.tools.get('e1')).toBeDefined();
    expect([...bus.registrations.records.keys()]).toEqual([id]);
    expect(listChanges(bus)).toHaveLength(1);
    expect(await b.cluster.remove(id)).toBe(true);
    expect(a.tools.get('e1')).toBeUndefined();
    expect(b.tools.get('e1')).toBeUndefined();
    expect(bus.registrations.records.size).toBe(0);
    expect(listChanges(bus)).toHaveLength(2);
    expect(await a.cluster.remove(id)).toBe(false);
  });

  it('announces a removal made through an instance that lacks the factory', async () => {
    const bus = sharedBus();
    const a = await start(bus);
    const bare = new McpServer(info, bus); // an older version: no 'echo' factory
    servers.push(bare);
    const id = await a.cluster.register('echo', { name: 'e2' });
    expect(await bare.cluster.remove(id)).toBe(true);
    expect(a.tools.get('e2')).toBeUndefined();
    expect(listChanges(bus).map((e) => (e as { kind: string }).kind)).toEqual(['tools', 'tools']);
  });

  it('refuses a duplicate on the caller: nothing stored, published, or left half-registered', async () => {
    const bus = sharedBus();
    const [a, b] = [await start(bus), await start(bus)];
    a.registerTool({ name: 'taken' }, () => 'mine');
    const before = bus.published.length;
    await expect(a.cluster.register('echo', { name: 'fresh', also: 'taken' })).rejects.toThrow(
      /duplicate tool "taken"/,
    );
    expect(a.tools.get('fresh')).toBeUndefined(); // rolled back
    expect(a.tools.get('taken')).toBeDefined(); // the other owner's tool stays
    expect(b.tools.get('fresh')).toBeUndefined();
    expect(bus.registrations.records.size).toBe(0);
    expect(bus.published.slice(before).filter((e) => e.type !== 'instance-alive')).toEqual([]);
    await expect(a.cluster.register('nope', {})).rejects.toThrow(/"nope" is not defined/);
  });

  it('catches up on define, without bringing back what was removed during the read', async () => {
    const bus = sharedBus();
    const a = await start(bus);
    const kept = await a.cluster.register('echo', { name: 'kept' });
    const gone = await a.cluster.register('echo', { name: 'gone' });
    let release!: () => void;
    bus.registrations.hold = new Promise<void>((resolve) => (release = resolve));
    const late = start(bus); // its define() reads the store (a snapshot with both)
    await Promise.resolve();
    await a.cluster.remove(gone);
    release();
    const b = await late;
    expect(b.tools.get('kept')).toBeDefined();
    expect(b.tools.get('gone')).toBeUndefined();
    expect(b.cluster.ids()).toEqual([kept]);
  });

  it('a plain registration on a shared bus tells only the local sessions', () => {
    const bus = sharedBus();
    const server = new McpServer(info, bus);
    servers.push(server);
    server.registerTool({ name: 'local' }, () => 'x');
    expect(listChanges(bus)).toEqual([]);
  });

  it('warns once when a plain registration changes a list while this instance has sessions', () => {
    const warnings: string[] = [];
    const logger = { warn: (m: string) => warnings.push(m), error: () => undefined };
    const server = new McpServer({ ...info, logger }, sharedBus());
    servers.push(server);
    server.registerTool({ name: 'at-bootstrap' }, () => 'x'); // no session yet: silent
    expect(warnings).toEqual([]);
    server.core.createSession('s1', 'streamable-http');
    server.registerTool({ name: 'later' }, () => 'x');
    server.removeTool('later');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/this instance only.*server\.cluster/);
  });

  it('on an unshared bus registers here and announces as usual', async () => {
    const bus = new InMemoryMessageBus();
    const events: McpBusEvent[] = [];
    bus.subscribe((e) => events.push(e));
    const server = await start(bus);
    const id = await server.cluster.register('echo', { name: 'solo' });
    expect(server.tools.get('solo')).toBeDefined();
    expect(events.filter((e) => e.type === 'list-changed')).toHaveLength(1);
    expect(await server.cluster.remove(id)).toBe(true);
    expect(server.tools.get('solo')).toBeUndefined();
  });
});
