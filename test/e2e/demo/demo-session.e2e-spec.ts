import { z } from 'zod';
import { startDemoApp, type RunningDemo } from '../samples/support/demo-app.js';
import { connectHttp, type Peer } from '../hermes/peers.js';

describe('sample 01-demo: a per-session tool unlocked by login, a broadcast, a custom method', () => {
  let demo: RunningDemo;
  let alice: Peer;
  let other: Peer;

  beforeAll(async () => {
    demo = await startDemoApp();
    alice = await connectHttp(demo.mcpUrl);
    other = await connectHttp(demo.mcpUrl);
  });

  afterAll(async () => {
    await Promise.all([alice?.close(), other?.close()]);
    await demo?.close();
  });

  const names = async (peer: Peer) => (await peer.client.listTools()).tools.map((t) => t.name);

  it('login unlocks vault for that session only', async () => {
    expect(await names(alice)).not.toContain('vault');
    await alice.client.callTool({ name: 'login', arguments: { user: 'alice' } });
    await alice.waitFor('notifications/tools/list_changed');
    expect(await names(alice)).toContain('vault');
    const vault = await alice.client.callTool({ name: 'vault', arguments: {} });
    expect(vault.content).toEqual([{ type: 'text', text: 'Secrets of alice' }]);
    expect(await names(other)).not.toContain('vault');
  });

  it('announce reaches every session; demo/time answers a custom request', async () => {
    await other.client.callTool({ name: 'announce', arguments: { text: 'hello all' } });
    for (const peer of [alice, other]) {
      const n = await peer.waitFor('demo/announcement');
      expect(n.params).toEqual({ text: 'hello all' });
    }
    const time = await alice.client.request(
      { method: 'demo/time', params: {} },
      z.object({ now: z.string() }),
    );
    expect(Date.parse(time.now)).not.toBeNaN();
  });
});
