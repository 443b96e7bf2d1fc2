import { spawnSync } from 'node:child_process';
import { askTwiceClient, startInstance, type Instance } from './support/cluster.js';
import {
  describeWithRedis,
  startRedisDeployment,
  type StartedRedis,
} from './support/redis-deployments.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './support/round-robin-proxy.js';

import.meta.jest.setTimeout(60_000);

const textOf = (result: unknown) =>
  (result as { content: Array<{ text: string }> }).content[0]?.text ?? '';

/**
 * Stable secrets: the `requestState` key set comes from configuration, so a node started after
 * Redis lost everything opens the input rounds the older nodes sealed (before, the new node
 * minted a key of its own in the empty Redis and those rounds failed with -32602).
 */
describeWithRedis('requestState keys from configuration', () => {
  let redis: StartedRedis<'private'> | undefined;
  const instances: Instance[] = [];
  let proxy: RoundRobinProxy | undefined;
  beforeAll(async () => {
    redis = await startRedisDeployment('private');
  });
  afterAll(async () => {
    await proxy?.close();
    for (const instance of instances) instance.process.kill('SIGTERM');
    await redis?.stop();
  });

  it('refuses to start on Redis without requestState keys, saying how to make one', async () => {
    const env = { ...redis!.env, MCP_REQUEST_STATE_KEYS: '' };
    const failed = await startInstance('mcp-e2e-secrets:', env).then(
      (instance) => {
        instances.push(instance);
        return undefined;
      },
      (error: Error) => error,
    );
    expect(failed?.message).toMatch(/needs requestState\.keys.*randomBytes\(32\)/s);
  });

  it('a node started after Redis came back empty opens the rounds sealed by the older one', async () => {
    const env = redis!.env;
    instances.push(await startInstance('mcp-e2e-secrets:', env));
    // a private Redis: ours to flush
    spawnSync('redis-cli', ['-p', String(redis!.redis.port), 'flushall']);
    instances.push(await startInstance('mcp-e2e-secrets:', env));
    proxy = await startRoundRobinProxy(instances.map((i) => i.port));
    const client = askTwiceClient(new URL('/mcp', proxy.url));
    await client.connect();
    try {
      expect(client.era).toBe('modern');
      for (let i = 0; i < 4; i++) {
        // Round-robin: each round lands on the other node than the one that sealed it.
        expect(textOf(await client.callTool('askTwice', {}))).toMatch(/^Lin Yutang on instance/);
      }
    } finally {
      await client.close();
    }
  });
});
