import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { connectClient, type TestClient } from '../support/client.js';
import { waitFor } from '../support/wait.js';
import {
  startCluster,
  startInstance,
  type Cluster,
  type Instance,
  CLUSTER_START_MS,
} from './support/cluster.js';

const textOf = (result: unknown) =>
  ((result as { content: Array<{ text: string }> }).content[0]?.text ?? '') as string;

/**
 * Runtime registration through `McpServer.cluster` (sample/10-cluster's `add_greeter`): two real
 * instances on one Redis key prefix behind a round-robin proxy, an official SDK v1 client. A tool
 * registered through one instance is listed and callable through both, `list_changed` comes once
 * and every list made on receiving it already agrees, removal takes it off both, and an instance
 * started after the registration catches up.
 */
import.meta.jest.setTimeout(60_000);

describe('cluster-wide runtime registration (2 instances, round-robin proxy, SDK v1)', () => {
  let cluster: Cluster;
  let late: Instance | undefined;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    cluster = await startCluster(2);
  }, CLUSTER_START_MS);
  afterAll(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close().catch(() => undefined)));
    if (late && late.process.exitCode === null) {
      const exited = new Promise((resolve) => late!.process.once('exit', resolve));
      late.process.kill('SIGTERM');
      await exited;
    }
    await cluster?.close();
  });

  it('lists and serves a tool registered through one instance on every instance, then removes it everywhere', async () => {
    const test = await connectClient(cluster.mcpUrl);
    clients.push(test);
    const { client } = test;
    const names = async () => (await client.listTools()).tools.map((t) => t.name);
    /** What each list made right after a list_changed showed (a list per notification). */
    const onNotice: Array<Promise<boolean[]>> = [];
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      onNotice.push(
        (async () => {
          const seen: boolean[] = [];
          for (let i = 0; i < 4; i++) seen.push((await names()).includes('greet_e2e'));
          return seen;
        })(),
      );
    });
    await test.standaloneStream;
    expect(await names()).not.toContain('greet_e2e');

    const id = textOf(
      await client.callTool({
        name: 'add_greeter',
        arguments: { name: 'greet_e2e', greeting: 'Hello' },
      }),
    );
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    // Listed through both instances (round robin: consecutive lists alternate).
    for (let i = 0; i < 6; i++) expect(await names()).toContain('greet_e2e');
    // Callable through both, each instance answering with its own handler.
    const answers = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const result = await client.callTool({ name: 'greet_e2e', arguments: { who: 'Ada' } });
      expect(result.isError).toBeFalsy();
      answers.add(textOf(result));
    }
    expect([...answers].sort()).toEqual(
      cluster.instances.map((i) => `Hello, Ada, from instance:${i.port}`).sort(),
    );

    // One list_changed, and every list made on receiving it already shows the tool.
    await waitFor(() => onNotice.length >= 1, { timeoutMs: 15_000, description: 'list_changed' });
    expect(await Promise.all(onNotice)).toEqual([[true, true, true, true]]);

    // An instance started after the registration catches up from Redis before it listens.
    late = await startInstance(cluster.prefix);
    const direct = await connectClient(new URL(`http://127.0.0.1:${late.port}/mcp`));
    clients.push(direct);
    const lateTools = (await direct.client.listTools()).tools.map((t) => t.name);
    expect(lateTools).toContain('greet_e2e');
    expect(
      textOf(await direct.client.callTool({ name: 'greet_e2e', arguments: { who: 'Bo' } })),
    ).toBe(`Hello, Bo, from instance:${late.port}`);

    // Removed through one instance: gone on all three, announced once more.
    expect(textOf(await client.callTool({ name: 'remove_greeter', arguments: { id } }))).toBe(
      `removed ${id}`,
    );
    for (let i = 0; i < 6; i++) expect(await names()).not.toContain('greet_e2e');
    for (let i = 0; i < 2; i++) {
      const result = await client.callTool({ name: 'greet_e2e', arguments: { who: 'Ada' } }).then(
        (r) => r,
        (e: Error) => e,
      );
      expect(String(result instanceof Error ? result.message : JSON.stringify(result))).toMatch(
        /greet_e2e/,
      );
    }
    expect((await direct.client.listTools()).tools.map((t) => t.name)).not.toContain('greet_e2e');
    await waitFor(() => onNotice.length >= 2, { timeoutMs: 15_000, description: 'list_changed' });
    expect((await Promise.all(onNotice)).slice(1)).toEqual([[false, false, false, false]]);
    expect(onNotice).toHaveLength(2);
  });
});
