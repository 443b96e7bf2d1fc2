import { McpServer } from '../../../../lib/server/mcp-server.js';
import { InMemoryMessageBus } from '../../../../lib/stores/in-memory-message-bus.js';
import { makeServer, settle, TestClient } from '../harness.js';

describe('broadcast delivery', () => {
  it('skips uninitialized and stateless throw-away sessions; a failing one does not stop the rest', async () => {
    const server = makeServer();
    const ready = TestClient.connect(server, 'ready');
    await ready.initialize();
    const fresh = TestClient.connect(server, 'fresh');
    const ephemeral = TestClient.connect(server, 'ephemeral');
    await ephemeral.initialize();
    ephemeral.session.ephemeral = true;
    const broken = TestClient.connect(server, 'broken');
    await broken.initialize();
    broken.session.undeliverable = () => 'socket gone';
    const last = TestClient.connect(server, 'last');
    await last.initialize();

    server.sendNotification('acme/hello', { n: 1 });
    await settle();
    expect(ready.notificationParams('acme/hello')).toEqual([{ n: 1 }]);
    expect(last.notificationParams('acme/hello')).toEqual([{ n: 1 }]);
    expect(fresh.notifications('acme/hello')).toHaveLength(0);
    expect(ephemeral.notifications('acme/hello')).toHaveLength(0);
    expect(broken.notifications('acme/hello')).toHaveLength(0);
  });

  it('goes through the message bus (what another instance publishes reaches this one)', async () => {
    const bus = new InMemoryMessageBus();
    const here = new McpServer({ name: 'a', version: '1' }, bus);
    const other = new McpServer({ name: 'b', version: '1' }, bus);
    const client = TestClient.connect(here, 'x');
    await client.initialize();
    other.sendLog('info', 'from b', { to: { sessionId: 'x' } });
    await settle();
    expect(client.notificationParams('notifications/message')).toEqual([
      { level: 'info', data: 'from b' },
    ]);
  });
});
