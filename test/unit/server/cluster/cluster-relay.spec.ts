import { jest } from '@jest/globals';
import { McpServer } from '../../../../lib/server/mcp-server.js';
import type { McpSession } from '../../../../lib/server/session/mcp-session.js';
import type { MessageBus } from '../../../../lib/stores/message-bus.interface.js';
import { PRESUMED_DEAD_AFTER_MS } from '../../../../lib/server/cluster/cluster-relay.js';
import { SharedTestBus } from './support/shared-test-bus.js';
import { StoreUnavailableError } from '../../../../lib/errors/store-unavailable.error.js';

const info = { name: 'n', version: '1' };

function initialized(server: McpServer, id: string): McpSession {
  const session = server.core.createSession(id, 'streamable-http');
  session.initialized = true;
  session.protocol = { protocolVersion: '2025-11-25', clientCapabilities: { elicitation: {} } };
  return session;
}

describe('ClusterRelay (servers on a shared bus)', () => {
  const servers: McpServer[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
    jest.useRealTimers();
  });
  const start = (bus: MessageBus) => {
    const server = new McpServer(info, bus);
    servers.push(server);
    return server;
  };

  it("fails this instance's waiting server-to-client requests with the bus's error when the bus reports an outage", async () => {
    const bus = new SharedTestBus();
    let outage: ((error: Error) => void) | undefined;
    const stop = jest.fn();
    bus.onOutage = (listener) => {
      outage = listener;
      return stop;
    };
    const server = start(bus);
    const session = initialized(server, 's1');
    const asking = session.peer.request('elicitation/create', { message: 'q' });
    const caught = asking.catch((error: unknown) => error);
    const lost = new StoreUnavailableError('Shared store unavailable, retry shortly');
    outage!(lost);
    expect(await caught).toBe(lost);
    expect(session.peer.pendingCount).toBe(0);
    expect(session.closed).toBe(false);
    server.close();
    expect(stop).toHaveBeenCalled();
  });

  it('is off with an unshared bus: numeric request ids, no relay', () => {
    const server = start({ publish: () => undefined, subscribe: () => () => undefined });
    expect(server.core.cluster).toBeUndefined();
    expect(server.core.requestIdPrefix).toBeUndefined();
  });

  it('routes a response received by one instance to the instance that sent the request', async () => {
    const bus = new SharedTestBus();
    const [a, b] = [start(bus), start(bus)];
    const onA = initialized(a, 's1');
    const onB = initialized(b, 's1');
    const sent: unknown[] = [];
    onA.outbound$.subscribe((out) => sent.push(out.message));
    const asking = onA.peer.request('elicitation/create', { message: 'q' });
    const request = sent[0] as { id: string };
    expect(request.id).toBe(`${a.core.cluster!.instanceId}~1`);
    onB.receive(
      { jsonrpc: '2.0', id: request.id, result: { action: 'decline' } },
      {
        transport: { kind: 'streamable-http' },
      },
    );
    await expect(asking).resolves.toEqual({ action: 'decline' });
  });

  it('applies subscription and log level changes made on another instance', () => {
    const bus = new SharedTestBus();
    const [a, b] = [start(bus), start(bus)];
    const onA = initialized(a, 's2');
    const onB = initialized(b, 's2');
    onA.subscriptions.add('file:///x');
    onA.protocol.logLevel = 'error';
    onA.changed();
    expect([...onB.subscriptions]).toEqual(['file:///x']);
    expect(onB.protocol.logLevel).toBe('error');
  });

  it('presumes an instance gone once it has been silent past the liveness window', () => {
    jest.useFakeTimers();
    const bus = new SharedTestBus();
    const [a, b] = [start(bus), start(bus)];
    const idB = b.core.cluster!.instanceId;
    jest.advanceTimersByTime(PRESUMED_DEAD_AFTER_MS + 1000);
    expect(a.core.cluster!.isAlive(idB)).toBe(true); // heartbeats keep it alive
    b.close();
    jest.advanceTimersByTime(PRESUMED_DEAD_AFTER_MS + 100);
    expect(a.core.cluster!.isAlive(idB)).toBe(false);
    expect(a.core.cluster!.isAlive(a.core.cluster!.instanceId)).toBe(true);
  });
});
