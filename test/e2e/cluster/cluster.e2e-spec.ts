import {
  ElicitRequestSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { connectClient, type TestClient } from '../support/client.js';
import { startCluster, type Cluster } from './support/cluster.js';

const textOf = (result: unknown) =>
  ((result as { content: Array<{ text: string }> }).content[0]?.text ?? '') as string;

/**
 * Three real processes of `sample/08-cluster` on one Redis behind a round-robin proxy (no
 * stickiness): every request of a session may land on another instance.
 */
import.meta.jest.setTimeout(30_000);

describe('three instances on Redis behind a round-robin proxy (official SDK v1 client)', () => {
  let cluster: Cluster;
  const clients: TestClient[] = [];
  const connect = async (...args: Parameters<typeof connectClient>) => {
    const client = await connectClient(...args);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    cluster = await startCluster(3);
  }, 60_000);
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close().catch(() => undefined)));
  });
  afterAll(async () => {
    await cluster?.close();
  });

  it('serves every call of one session, whichever instance gets it', async () => {
    const { client } = await connect(cluster.mcpUrl);
    const answers = new Set<string>();
    for (let i = 0; i < 6; i++) {
      answers.add(textOf(await client.callTool({ name: 'whoami', arguments: { text: 'hi' } })));
    }
    expect(answers.size).toBe(3); // all three instances served the same session
    for (const answer of answers) expect(answer).toMatch(/^hi from instance:\d+$/);
  });

  it('routes an elicitation answer that lands on another instance to the waiting handler', async () => {
    const { client } = await connect(cluster.mcpUrl, {
      capabilities: { elicitation: {} },
      setup: (c) =>
        c.setRequestHandler(ElicitRequestSchema, () => ({
          action: 'accept',
          content: { name: 'Ada' },
        })),
    });
    for (let i = 0; i < 3; i++) {
      // The POST of the answer goes to the next instance, never the one running the tool.
      expect(textOf(await client.callTool({ name: 'ask', arguments: {} }))).toMatch(
        /^Ada answered instance:\d+$/,
      );
    }
  });

  it('delivers resource updates made on any instance to a subscription made on another', async () => {
    const subscriber = await connect(cluster.mcpUrl);
    const updates: string[] = [];
    subscriber.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updates.push(n.params.uri);
    });
    await subscriber.standaloneStream;
    await subscriber.client.subscribeResource({ uri: 'notes://a' });
    const other = await connect(cluster.mcpUrl);
    for (let i = 0; i < 3; i++) {
      await other.client.callTool({ name: 'touch', arguments: { uri: 'notes://a' } });
      await subscriber.client.callTool({ name: 'touch', arguments: { uri: 'notes://b' } });
    }
    await waitFor(() => updates.length >= 3).catch((e: Error) => {
      throw new Error(`${e.message}: ${JSON.stringify(updates)}`);
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(updates).toEqual(Array(3).fill('notes://a')); // once each, nothing for notes://b
  });

  it('streams progress of a call to the client', async () => {
    const { client } = await connect(cluster.mcpUrl);
    const progress: number[] = [];
    const result = await client.callTool(
      { name: 'slow', arguments: { steps: 5, delayMs: 20 } },
      undefined,
      {
        onprogress: (p) => progress.push(p.progress),
      },
    );
    expect(textOf(result)).toMatch(/^done 5 on instance:\d+$/);
    expect(progress).toEqual([1, 2, 3, 4, 5]);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
