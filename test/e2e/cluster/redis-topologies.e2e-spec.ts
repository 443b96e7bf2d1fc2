import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { execFileSync } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { connectClient } from '../support/client.js';
import { modernCall } from '../support/modern-call.js';
import { askTwiceClient, useCluster, type Cluster } from './support/cluster.js';
import { describeWithRedis } from './support/redis-deployments.js';

import.meta.jest.setTimeout(120_000);

const textOf = (result: unknown) =>
  (result as { content: Array<{ text: string }> }).content[0]?.text ?? '';

/** The flows of one service behind the proxy: SDK v1 (2025 session) and McpClient (2026-07-28). */
async function servesBothEras(cluster: Cluster): Promise<void> {
  const sdk = await connectClient(cluster.mcpUrl, {
    capabilities: { elicitation: {} },
    setup: (client) =>
      client.setRequestHandler(ElicitRequestSchema, () => ({
        action: 'accept',
        content: { name: 'Grace' },
      })),
  });
  try {
    const served = new Set<string>();
    for (let i = 0; i < 4; i++) {
      served.add(textOf(await sdk.client.callTool({ name: 'whoami', arguments: { text: 'v1' } })));
    }
    expect(served.size).toBe(cluster.instances.length);
    // The answer to the elicitation is posted through the proxy to whichever instance is next.
    expect(textOf(await sdk.client.callTool({ name: 'ask', arguments: {} }))).toMatch(
      /^Grace answered/,
    );
  } finally {
    await sdk.close();
  }
  const modern = askTwiceClient(cluster.mcpUrl);
  await modern.connect();
  try {
    for (let i = 0; i < 2; i++) {
      expect(textOf(await modern.callTool('askTwice', {}))).toMatch(/^Lin Yutang on instance/);
    }
  } finally {
    await modern.close();
  }
}

describeWithRedis('the cluster sample on a sharded Redis Cluster', () => {
  const fx = useCluster(2, {}, { redis: 'redis-cluster' });

  it('serves SDK v1 sessions, cross-node elicitation and 2026 input rounds', async () => {
    await servesBothEras(fx.cluster);
  });

  it('runs tasks of several principals started on one instance and cancelled through another', async () => {
    const [a, b] = fx.cluster.instances;
    const url = (port: number) => new URL(`http://127.0.0.1:${port}/mcp`);
    for (const user of ['ann', 'bo', 'cy', 'di']) {
      const created = await modernCall(
        url(a.port),
        'tools/call',
        { name: 'long_report', arguments: {} },
        { user },
      );
      const taskId = created.result!.taskId as string;
      const foreign = await modernCall(url(b.port), 'tasks/get', { taskId }, { user: 'mallory' });
      expect(foreign.error).toBeDefined(); // scoped to its owner on every instance
      const cancelled = await modernCall(url(b.port), 'tasks/cancel', { taskId }, { user });
      expect(cancelled.error).toBeUndefined();
      const got = await modernCall(url(a.port), 'tasks/get', { taskId }, { user });
      expect(got.result).toMatchObject({ taskId, status: 'cancelled' });
    }
  });
});

describeWithRedis('the cluster sample on Redis Sentinel', () => {
  const fx = useCluster(2, {}, { redis: 'sentinel' });

  it('serves SDK v1 sessions, cross-node elicitation and 2026 input rounds', async () => {
    await servesBothEras(fx.cluster);
  });

  it('a primary failover under traffic loses no session record or task, and service resumes', async () => {
    const topo = fx.cluster.redis;
    const sessions = await Promise.all(
      Array.from({ length: 5 }, () => connectClient(fx.cluster.mcpUrl)),
    );
    const tasks: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await modernCall(fx.cluster.mcpUrl, 'tools/call', {
        name: 'long_report',
        arguments: {},
      });
      tasks.push(created.result!.taskId as string);
    }
    // Acknowledged by the replica before the primary dies (Redis replicates asynchronously).
    execFileSync('redis-cli', ['-p', String(topo.primary.port), 'wait', '1', '5000']);
    let stop = false;
    let ok = 0;
    let failed = 0;
    const traffic = (async () => {
      while (!stop) {
        for (const s of sessions) {
          try {
            await s.client.callTool({ name: 'whoami', arguments: { text: 'x' } });
            ok++;
          } catch {
            failed++;
          }
        }
        await delay(50);
      }
    })();
    const before = topo.currentPrimaryPort();
    await topo.primary.kill();
    for (let i = 0; i < 300 && topo.currentPrimaryPort() === before; i++) await delay(100);
    expect(topo.currentPrimaryPort()).toBe(topo.replica.port);
    await delay(3000); // traffic keeps flowing on the new primary
    const okBefore = ok;
    await delay(2000);
    stop = true;
    await traffic;
    expect(ok).toBeGreaterThan(okBefore); // served after the failover
    // Every session opened before still answers, through every instance, and is on the new primary.
    for (const s of sessions) {
      for (let i = 0; i < 2; i++) {
        expect(
          textOf(await s.client.callTool({ name: 'whoami', arguments: { text: 'y' } })),
        ).toMatch(/^y from/);
      }
      const key = `${fx.cluster.prefix}session:${s.transport.sessionId!}`;
      expect(
        execFileSync('redis-cli', ['-p', String(topo.replica.port), 'exists', key], {
          encoding: 'utf8',
        }).trim(),
      ).toBe('1');
    }
    for (const taskId of tasks) {
      const got = await modernCall(fx.cluster.mcpUrl, 'tasks/get', { taskId });
      expect(got.result).toMatchObject({ taskId, status: 'working' });
    }
    const fresh = await connectClient(fx.cluster.mcpUrl);
    await fresh.close();
    for (const s of sessions) await s.close();
    console.log(`failover traffic: ${ok} calls served, ${failed} failed during the switch`);
  });
});
