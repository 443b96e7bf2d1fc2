import { provideGlobalWebSocket } from '../websocket/support/sdk-client.js';
import { startHermesApp, type HermesApp } from './hermes-app.js';
import { connectHttp, connectWs, type Peer } from './peers.js';

describe('broadcast: custom notifications and log messages through the message bus', () => {
  let server: HermesApp;
  let restoreGlobal: () => void;
  let alice1: Peer;
  let alice2: Peer;
  let bob: Peer;
  let ws: Peer;
  let all: Peer[];

  /** Sends a marker to every session and waits for it, so nothing sent before is still in flight. */
  async function settle(tag: string): Promise<void> {
    server.server.sendNotification('acme/marker', { tag });
    await Promise.all(all.map((p) => p.waitFor('acme/marker', (n) => n.params?.tag === tag)));
  }
  const alerts = (peer: Peer) =>
    peer.received.filter((n) => n.method === 'acme/alert').map((n) => n.params?.text);

  beforeAll(async () => {
    restoreGlobal = provideGlobalWebSocket();
    server = await startHermesApp();
    alice1 = await connectHttp(server.url, 'alice');
    alice2 = await connectHttp(server.url, 'alice');
    bob = await connectHttp(server.url, 'bob');
    ws = await connectWs(server.wsUrl);
    all = [alice1, alice2, bob, ws];
  });

  afterAll(async () => {
    await Promise.all(all.map((p) => p.close()));
    await server.close();
    restoreGlobal();
  });

  it('to every session, to the sessions of one principal, to one session: the right clients only', async () => {
    server.server.sendNotification('acme/alert', { text: 'everyone' });
    server.server.sendNotification('acme/alert', { text: 'alice' }, { principal: 'alice' });
    server.server.sendNotification(
      'acme/alert',
      { text: 'bob only' },
      { sessionId: bob.sessionId! },
    );
    await settle('1');
    expect(alerts(alice1)).toEqual(['everyone', 'alice']);
    expect(alerts(alice2)).toEqual(['everyone', 'alice']);
    expect(alerts(bob)).toEqual(['everyone', 'bob only']);
    expect(alerts(ws)).toEqual(['everyone']);
  });

  it('log messages honour each session logging/setLevel threshold', async () => {
    await alice1.client.setLoggingLevel('error');
    server.server.sendLog('warning', { disk: '91%' }, { logger: 'ops' });
    server.server.sendLog('error', 'bob sees this', { to: { principal: 'bob' } });
    await settle('2');
    const logs = (peer: Peer) =>
      peer.received.filter((n) => n.method === 'notifications/message').map((n) => n.params);
    expect(logs(alice1)).toEqual([]);
    expect(logs(alice2)).toEqual([{ level: 'warning', data: { disk: '91%' }, logger: 'ops' }]);
    expect(logs(bob)).toEqual([
      { level: 'warning', data: { disk: '91%' }, logger: 'ops' },
      { level: 'error', data: 'bob sees this' },
    ]);
    expect(logs(ws)).toEqual([{ level: 'warning', data: { disk: '91%' }, logger: 'ops' }]);
  });

  it('bad input: a method without a vendor prefix, a spec notification, an unknown level, a bad target', () => {
    expect(() => server.server.sendNotification('alert', {})).toThrow(/not vendor-prefixed/);
    expect(() => server.server.sendNotification('notifications/tools/list_changed')).toThrow(
      /MCP specification's namespace "notifications\/"/,
    );
    expect(() => server.server.sendLog('loud' as never, 'x')).toThrow(/unknown level "loud"/);
    expect(() => server.server.sendNotification('acme/x', {}, {} as never)).toThrow(
      /target must be 'all', \{ sessionId \} or \{ principal \}/,
    );
    // A session id nobody holds reaches nobody (and throws nothing).
    expect(() => server.server.sendNotification('acme/x', {}, { sessionId: 'gone' })).not.toThrow();
  });
});
