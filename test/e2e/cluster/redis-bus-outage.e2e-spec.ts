import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { connectClient, type TestClient } from '../support/client.js';
import { CLUSTER_START_MS, startCluster, type ClusterOn } from './support/cluster.js';
import { describeWithRedis } from './support/redis-deployments.js';

// The sample's requestTimeoutMs is the default 60 s: a call still waiting at 30 s fails the test.
import.meta.jest.setTimeout(30_000);

describeWithRedis('a lost Redis bus and a waiting server request', () => {
  let cluster: ClusterOn<'private-process'>;
  let sdk: TestClient | undefined;
  beforeAll(async () => {
    cluster = await startCluster(2, {}, { redis: 'private-process' });
  }, CLUSTER_START_MS);
  afterAll(async () => {
    await sdk?.close().catch(() => undefined);
    await cluster?.close();
  });

  it('fails a tool call waiting for an elicitation answer with the store-unavailable error when Redis dies, not after requestTimeoutMs', async () => {
    let asked!: () => void;
    const elicited = new Promise<void>((resolve) => (asked = resolve));
    sdk = await connectClient(cluster.mcpUrl, {
      capabilities: { elicitation: {} },
      // Never answers: an answer would go through the proxy to either instance, so over the bus.
      setup: (client) =>
        client.setRequestHandler(ElicitRequestSchema, () => {
          asked();
          return new Promise<never>(() => undefined);
        }),
    });
    const call = sdk.client.callTool({ name: 'ask', arguments: {} }).then(
      () => undefined,
      (error: unknown) => error,
    );
    await elicited;
    await cluster.redis.kill();
    const error = await call;
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32001);
    expect((error as McpError).message).toMatch(/Shared store unavailable, retry shortly/);
    expect((error as McpError).message).not.toMatch(/ECONNREFUSED|Connection is closed|ioredis/i);
  });
});
