import { initializeRawSession, postJson, rawId, rpcMessages } from '../support/raw-http.js';
import { McpClient, StreamableHttpClientTransport } from '../../../lib/index.js';
import { startCluster, type Cluster, type Instance, CLUSTER_START_MS } from './support/cluster.js';

/**
 * Issue 23 item 7: a 2025-11-25 `tasks/result` served by the instance running the task, on the
 * Redis task store, must answer as soon as the task ends. Before the fix the completion could
 * land while `tasks/result` was reading the record from Redis: its wake-up was lost and the call
 * parked on a 60 s timer although `tasks/get` already said `completed`.
 */
import.meta.jest.setTimeout(60_000);

/** Tasks per test; the task's delay sweeps 0–11 ms so its completion meets the read in flight. */
const RUNS = Number(process.env.TASK_RUNS ?? 40);

describe('2025 tasks/result on the instance running the task (Redis task store)', () => {
  let cluster: Cluster;
  let a: Instance;

  beforeAll(async () => {
    cluster = await startCluster(2);
    [a] = cluster.instances;
  }, CLUSTER_START_MS);
  afterAll(async () => {
    await cluster?.close();
  });

  it(`answers tasks/result sent right after tools/call, ${RUNS} tasks in a row (raw HTTP on the runner)`, async () => {
    const url = new URL(`http://127.0.0.1:${a.port}/mcp`);
    const session = await initializeRawSession(url, '2025-11-25', { tasks: {} });
    const texts: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      const created = rpcMessages(
        await postJson(
          url,
          {
            jsonrpc: '2.0',
            id: rawId(),
            method: 'tools/call',
            params: { name: 'quick_report', arguments: { delayMs: i % 12 }, task: {} },
          },
          session.headers,
        ),
      )[0] as { result: { task: { taskId: string } } };
      const taskId = created.result.task.taskId;
      const answer = rpcMessages(
        await postJson(
          url,
          { jsonrpc: '2.0', id: rawId(), method: 'tasks/result', params: { taskId } },
          { ...session.headers, accept: 'application/json, text/event-stream' },
        ),
      ).find((m) => 'result' in m || 'error' in m) as {
        result?: { content: Array<{ text: string }> };
      };
      texts.push(answer.result!.content[0].text);
    }
    expect(texts).toEqual(Array.from({ length: RUNS }, () => `quick report on instance:${a.port}`));
  });

  it(`McpClient (2025-11-25) through the round-robin proxy gets ${RUNS} task results`, async () => {
    const client = new McpClient({
      transport: new StreamableHttpClientTransport(cluster.mcpUrl, { standaloneStream: false }),
      protocolVersion: '2025-11-25',
    });
    await client.connect();
    try {
      for (let i = 0; i < RUNS; i++) {
        const result = await client.callToolAsTask('quick_report', { delayMs: i % 4 });
        expect(result.content).toEqual([
          { type: 'text', text: expect.stringMatching(/^quick report on instance:\d+$/) },
        ]);
      }
    } finally {
      await client.close();
    }
  });
});
