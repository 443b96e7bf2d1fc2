import {
  ResourceUpdatedNotificationSchema,
  type ResourceUpdatedNotification,
} from '@modelcontextprotocol/sdk/types.js';
import { startApp, type TestApp } from './support/app.js';
import { connectClient, type TestClient } from './support/client.js';
import { within } from './support/wait.js';

const README = 'test://static/readme';
const LICENSE = 'test://static/license';

describe('resource subscriptions', () => {
  let server: TestApp;
  const peers: TestClient[] = [];

  beforeAll(async () => {
    server = await startApp();
  });

  afterAll(async () => {
    await server.close();
  });

  afterEach(async () => {
    await Promise.all(peers.splice(0).map((p) => p.close()));
  });

  /** A client that records updates and lets a test await the n-th one for a URI. */
  async function subscriber() {
    const updates: string[] = [];
    const waiters: Array<{ uri: string; count: number; resolve: () => void }> = [];
    const peer = await connectClient(server.url, {
      setup: (client) =>
        client.setNotificationHandler(
          ResourceUpdatedNotificationSchema,
          (n: ResourceUpdatedNotification) => {
            updates.push(n.params.uri);
            for (const w of [...waiters]) {
              if (updates.filter((u) => u === w.uri).length >= w.count) {
                waiters.splice(waiters.indexOf(w), 1);
                w.resolve();
              }
            }
          },
        ),
    });
    peers.push(peer);
    // Updates are unrelated to any request: they travel on the standalone GET stream.
    await peer.standaloneStream;
    const updateNumber = (uri: string, count: number) =>
      within(
        new Promise<void>((resolve) => {
          if (updates.filter((u) => u === uri).length >= count) resolve();
          else waiters.push({ uri, count, resolve });
        }),
        5000,
        `update #${count} of ${uri}`,
      );
    const touch = (uri: string) =>
      peer.client.callTool({ name: 'touch_resource', arguments: { uri } });
    return { peer, updates, updateNumber, touch };
  }

  it('sends notifications/resources/updated after a tool changes a subscribed resource', async () => {
    const { peer, updates, updateNumber, touch } = await subscriber();
    await expect(peer.client.subscribeResource({ uri: README })).resolves.toEqual({});
    await touch(README);
    await updateNumber(README, 1);
    expect(updates).toEqual([README]);
  });

  it('sends nothing for a resource that was not subscribed', async () => {
    const { peer, updates, updateNumber, touch } = await subscriber();
    await peer.client.subscribeResource({ uri: LICENSE });
    await touch(README); // not subscribed
    await touch(LICENSE); // subscribed: a marker that arrives after anything README would have
    await updateNumber(LICENSE, 1);
    expect(updates).toEqual([LICENSE]);
  });

  it('stops the updates after resources/unsubscribe', async () => {
    const { peer, updates, updateNumber, touch } = await subscriber();
    await peer.client.subscribeResource({ uri: README });
    await peer.client.subscribeResource({ uri: LICENSE });
    await touch(README);
    await updateNumber(README, 1);

    await expect(peer.client.unsubscribeResource({ uri: README })).resolves.toEqual({});
    await touch(README);
    await touch(LICENSE); // same stream, sent later: once it arrived, a README update would have too
    await updateNumber(LICENSE, 1);
    expect(updates).toEqual([README, LICENSE]);
  });

  it('delivers an update only to the sessions that subscribed', async () => {
    const watcher = await subscriber();
    const bystander = await subscriber();
    await watcher.peer.client.subscribeResource({ uri: README });
    await bystander.peer.client.subscribeResource({ uri: LICENSE });
    await bystander.touch(README);
    await watcher.updateNumber(README, 1);
    await bystander.touch(LICENSE);
    await bystander.updateNumber(LICENSE, 1);
    expect(watcher.updates).toEqual([README]);
    expect(bystander.updates).toEqual([LICENSE]);
  });
});
