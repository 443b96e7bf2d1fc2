import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { firstValueFrom, take, toArray } from 'rxjs';
import { McpClient, StreamableHttpClientTransport } from '../../../lib/index.js';
import { askTwiceClient, startCluster, type Cluster, CLUSTER_START_MS } from './support/cluster.js';

import.meta.jest.setTimeout(30_000);

const textOf = (result: unknown) =>
  (result as { content: Array<{ text: string }> }).content[0]?.text ?? '';

/** Legacy HTTP+SSE (SDK v1) and McpClient (2026-07-28) against three instances behind the proxy. */
describe('three instances on Redis: legacy SSE and McpClient', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster(3);
  }, CLUSTER_START_MS);
  afterAll(async () => {
    await cluster?.close();
  });

  it('legacy SSE: POST /messages on any instance reaches the instance holding the stream', async () => {
    const client = new Client({ name: 'sse', version: '1' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, () => ({
      action: 'accept',
      content: { name: 'Grace' },
    }));
    await client.connect(new SSEClientTransport(new URL('/sse', cluster.proxy.url)));
    try {
      const served = new Set<string>();
      for (let i = 0; i < 3; i++) {
        served.add(textOf(await client.callTool({ name: 'whoami', arguments: { text: 'sse' } })));
        // The elicitation answer is POSTed to whichever instance comes next.
        expect(textOf(await client.callTool({ name: 'ask', arguments: {} }))).toMatch(
          /^Grace answered/,
        );
      }
      expect(served.size).toBe(1); // every call ran where the stream is
      const messagesPosts = cluster.proxy.log.length;
      expect(messagesPosts).toBeGreaterThan(6);
    } finally {
      await client.close();
    }
  });

  it('McpClient (2026-07-28): an input round started on one instance completes on another', async () => {
    const client = askTwiceClient(cluster.mcpUrl);
    await client.connect();
    try {
      expect(client.era).toBe('modern');
      for (let i = 0; i < 3; i++) {
        // Round two carries round one's answer in the sealed requestState, opened elsewhere.
        const result = await client.callTool('askTwice', {});
        expect(textOf(result)).toMatch(/^Lin Yutang on instance:\d+$/);
      }
    } finally {
      await client.close();
    }
  });

  it('McpClient (2026-07-28): a listen stream on one instance receives updates made on another', async () => {
    const listener = new McpClient({
      transport: new StreamableHttpClientTransport(cluster.mcpUrl, { standaloneStream: false }),
    });
    const toucher = new McpClient({
      transport: new StreamableHttpClientTransport(cluster.mcpUrl, { standaloneStream: false }),
    });
    await listener.connect();
    await toucher.connect();
    try {
      const updated = firstValueFrom(
        listener.resourceUpdated$('notes://l').pipe(take(3), toArray()),
      );
      await listener.subscribeResource('notes://l');
      const answers = new Set<string>();
      for (let i = 0; i < 3; i++) {
        answers.add(textOf(await toucher.callTool('touch', { uri: 'notes://l' })));
      }
      expect(answers.size).toBe(3); // made on every instance, the listen stream is on one
      await expect(updated).resolves.toEqual(['notes://l', 'notes://l', 'notes://l']);
    } finally {
      await listener.close();
      await toucher.close();
    }
  });
});
