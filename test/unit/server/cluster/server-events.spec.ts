import { McpServer } from '../../../../lib/server/mcp-server.js';
import type { McpSession } from '../../../../lib/server/session/mcp-session.js';
import type { OutboundMessage } from '../../../../lib/engine/session-message.interface.js';
import type { JsonRpcNotification } from '../../../../lib/protocol/json-rpc.js';
import type { MessageBus } from '../../../../lib/stores/message-bus.interface.js';
import { InMemoryMessageBus } from '../../../../lib/stores/in-memory-message-bus.js';
import { SharedTestBus } from './support/shared-test-bus.js';

const info = { name: 'n', version: '1' };

/** The broadcasts published on `bus` (not the instances' heartbeats), with their ids. */
const broadcasts = (bus: SharedTestBus) =>
  bus.published.filter((event) => event.type === 'broadcast') as Array<{ id: string }>;

/** What a session's transport was given: the method and the bus event id it came with. */
interface Seen {
  method: string;
  eventId: string | undefined;
}

function initialized(server: McpServer, id: string, seen: Seen[], onDeliver?: () => void) {
  const session: McpSession = server.core.createSession(id, 'streamable-http');
  session.initialized = true;
  session.protocol = { protocolVersion: '2025-11-25', clientCapabilities: {} };
  session.bind({
    deliver: ({ message }: OutboundMessage) => {
      seen.push({
        method: (message as JsonRpcNotification).method,
        eventId: server.core.cluster?.deliveringEventId,
      });
      onDeliver?.();
    },
  });
  return session;
}

describe('ServerEvents (a server’s events on its bus)', () => {
  const servers: McpServer[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });
  const start = (bus: MessageBus) => {
    const server = new McpServer(info, bus);
    servers.push(server);
    return server;
  };

  it('on a shared bus delivers its own event here at once, once, and the other instance’s through the bus', () => {
    const bus = new SharedTestBus();
    const [a, b] = [start(bus), start(bus)];
    const [onA, onB]: Seen[][] = [[], []];
    initialized(a, 's1', onA);
    initialized(b, 's1', onB); // the live copies of one session on two instances
    a.sendNotification('acme/one', {}, { sessionId: 's1' });
    b.sendNotification('acme/two', {}, { sessionId: 's1' });
    const [one, two] = broadcasts(bus);
    expect(one.id.startsWith(`${a.core.cluster!.instanceId}.`)).toBe(true);
    expect(two.id.startsWith(`${b.core.cluster!.instanceId}.`)).toBe(true);
    // Each copy has each event once, tagged with its id (the key that stores it once in a log).
    expect(onA).toEqual([
      { method: 'acme/one', eventId: one.id },
      { method: 'acme/two', eventId: two.id },
    ]);
    expect(onB).toEqual([
      { method: 'acme/one', eventId: one.id },
      { method: 'acme/two', eventId: two.id },
    ]);
    a.sendNotification('acme/three', {}, { sessionId: 's1' });
    expect(broadcasts(bus)[2].id).not.toBe(one.id); // every event its own id
  });

  it('gives back the id of the event being delivered after one published during its delivery', () => {
    const bus = new SharedTestBus();
    const server = start(bus);
    const [first, second]: Seen[][] = [[], []];
    let nested = false;
    initialized(server, 's1', first, () => {
      if (nested) return;
      nested = true;
      server.sendNotification('acme/inner', {}, { sessionId: 's2' });
    });
    initialized(server, 's2', second);
    server.sendNotification('acme/outer', {}); // to every session: s1 first
    const [outer, inner] = broadcasts(bus);
    expect(second.map((s) => s.eventId)).toEqual([inner.id, outer.id]);
    expect(server.core.cluster!.deliveringEventId).toBeUndefined();
  });

  it('on a bus of one process lets the bus deliver (no id, no second delivery)', () => {
    const bus = new InMemoryMessageBus();
    const server = start(bus);
    const seen: Seen[] = [];
    initialized(server, 's1', seen);
    server.sendNotification('acme/one', {}, { sessionId: 's1' });
    expect(seen).toEqual([{ method: 'acme/one', eventId: undefined }]);
  });

  it('stops delivering the bus’s events once closed', () => {
    const bus = new SharedTestBus();
    const [a, b] = [start(bus), start(bus)];
    const seen: Seen[] = [];
    initialized(b, 's1', seen);
    b.close();
    a.sendNotification('acme/one', {}, { sessionId: 's1' });
    expect(seen).toEqual([]);
  });
});
