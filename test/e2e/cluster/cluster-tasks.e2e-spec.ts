import { setTimeout as delay } from 'node:timers/promises';
import { ModernGetTaskResultSchema } from '../../../lib/protocol/schema/index.js';
import { McpClient, StreamableHttpClientTransport } from '../../../lib/index.js';
import { openSse } from '../support/raw-http.js';
import { modernCall, modernRequest } from '../support/modern-call.js';
import { startCluster, type Cluster, type Instance, CLUSTER_START_MS } from './support/cluster.js';

/**
 * 2026-07-28 tasks on three real processes of `sample/10-cluster` sharing Redis: each request
 * goes to a chosen instance, so a task started on one is polled, answered and cancelled on the
 * others (the Redis task store holds the records, the bus carries update and cancel to the
 * instance running the handler).
 */

/** How many handlers of `long_report` saw their cancellation, over all instances. */
const stoppedCount = (instances: Instance[]) =>
  instances.reduce(
    (n, i) => n + (i.stdout.join('').match(/long_report stopped on/g)?.length ?? 0),
    0,
  );

const urlOf = (instance: Instance) => new URL(`http://127.0.0.1:${instance.port}/mcp`);

/** One 2026-07-28 request to one instance. */
const call = (instance: Instance, method: string, params: Record<string, unknown>, user?: string) =>
  modernCall(urlOf(instance), method, params, { user });

/** Polls `tasks/get` on `instance` until the task's status is one of `statuses`. */
async function until(instance: Instance, taskId: string, ...statuses: string[]) {
  for (let i = 0; i < 300; i++) {
    const { result, error } = await call(instance, 'tasks/get', { taskId });
    if (error) throw new Error(`tasks/get failed: ${error.message}`);
    if (statuses.includes(result!.status as string)) return result!;
    await delay(30);
  }
  throw new Error(`task ${taskId} never became ${statuses.join('/')}`);
}

describe('2026-07-28 tasks across three instances on Redis', () => {
  let cluster: Cluster;
  let a: Instance, b: Instance, c: Instance;

  beforeAll(async () => {
    cluster = await startCluster(3);
    [a, b, c] = cluster.instances;
  }, CLUSTER_START_MS);
  afterAll(async () => {
    await cluster?.close();
  });

  it('a task started on A is polled on B and its input answered on C (malformed answers refused there); A finishes it', async () => {
    const created = await call(a, 'tools/call', { name: 'approve_report', arguments: {} });
    const taskId = created.result!.taskId as string;
    const waiting = await until(b, taskId, 'input_required');
    expect(waiting).toMatchObject({
      inputRequests: { elicitation: { method: 'elicitation/create' } },
    });
    const malformed = await call(c, 'tasks/update', {
      taskId,
      inputResponses: { elicitation: { action: 'maybe' } },
    });
    expect(malformed.error).toMatchObject({ code: -32602 });
    expect((await call(b, 'tasks/get', { taskId })).result).toMatchObject({
      status: 'input_required',
    });
    const ack = await call(c, 'tasks/update', {
      taskId,
      inputResponses: { elicitation: { action: 'accept', content: { publish: true } } },
    });
    expect(ack.error).toBeUndefined();
    const done = ModernGetTaskResultSchema.parse(await until(b, taskId, 'completed', 'failed'));
    expect(done).toMatchObject({
      status: 'completed',
      result: { content: [{ type: 'text', text: `published on instance:${a.port}` }] },
    });
  });

  it('tasks/cancel on C aborts the handler running on A; B then reads it cancelled', async () => {
    const taskId = (await call(a, 'tools/call', { name: 'long_report', arguments: {} })).result!
      .taskId as string;
    await until(b, taskId, 'working');
    const cancelled = await call(c, 'tasks/cancel', { taskId });
    expect(cancelled.error).toBeUndefined();
    expect(await until(b, taskId, 'cancelled', 'completed', 'failed')).toMatchObject({
      status: 'cancelled',
    });
    const stopped = `long_report stopped on instance:${a.port}`;
    for (let i = 0; i < 100 && !a.stdout.join('').includes(stopped); i++) await delay(30);
    expect(a.stdout.join('')).toContain(stopped);
  });

  it('notifications/tasks of a task running on A reach a listen stream on B', async () => {
    const taskId = (await call(a, 'tools/call', { name: 'approve_report', arguments: {} })).result!
      .taskId as string;
    const { body, headers } = modernRequest(
      'subscriptions/listen',
      { notifications: { taskIds: [taskId] } },
      { user: 'alice' },
    );
    const stream = await openSse(urlOf(b), { method: 'POST', headers, body: JSON.stringify(body) });
    try {
      await until(c, taskId, 'input_required');
      await call(c, 'tasks/update', {
        taskId,
        inputResponses: { elicitation: { action: 'decline' } },
      });
      const statuses: string[] = [];
      await stream.until((event) => {
        if (event.data === '') return false;
        const message = JSON.parse(event.data) as { method?: string; params?: { status?: string } };
        if (message.method === 'notifications/tasks') statuses.push(message.params!.status!);
        return statuses.includes('completed');
      });
      expect(statuses).toContain('completed');
    } finally {
      stream.abort();
    }
  });

  it('a task id of another principal is unknown on every other instance, and stays untouched', async () => {
    const taskId = (await call(a, 'tools/call', { name: 'long_report', arguments: {} })).result!
      .taskId as string;
    for (const [instance, method, extra] of [
      [b, 'tasks/get', {}],
      [c, 'tasks/cancel', {}],
      [b, 'tasks/update', { inputResponses: { x: { action: 'accept' } } }],
    ] as const) {
      const answer = await call(instance, method, { taskId, ...extra }, 'mallory');
      expect(answer.error).toMatchObject({ code: -32602, message: `Unknown task: ${taskId}` });
    }
    expect((await call(c, 'tasks/get', { taskId })).result).toMatchObject({ status: 'working' });
    await call(b, 'tasks/cancel', { taskId });
  });

  it('cancel of a finished task on another instance changes nothing; tasks/update of it is -32602', async () => {
    const taskId = (await call(a, 'tools/call', { name: 'approve_report', arguments: {} })).result!
      .taskId as string;
    await until(b, taskId, 'input_required');
    await call(b, 'tasks/update', {
      taskId,
      inputResponses: { elicitation: { action: 'cancel' } },
    });
    await until(c, taskId, 'completed');
    const ack = await call(c, 'tasks/cancel', { taskId });
    expect(ack.result).toMatchObject({ resultType: 'complete' });
    expect((await call(b, 'tasks/get', { taskId })).result).toMatchObject({ status: 'completed' });
    const refused = await call(c, 'tasks/update', {
      taskId,
      inputResponses: { elicitation: { action: 'accept' } },
    });
    expect(refused.error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/completed/),
    });
  });

  // 2026: tasks/update lands anywhere; 2025: tasks/result lands on another instance than the
  // task, which asks the client itself and forwards the answer to the running instance.
  it.each([
    ['2026-07-28', {}],
    ['2025-11-25', { protocolVersion: '2025-11-25' }],
  ])(
    'McpClient (%s) through the round-robin proxy: its task’s input is answered wherever its requests land',
    async (era, eraOptions) => {
      const client = new McpClient({
        transport: new StreamableHttpClientTransport(cluster.mcpUrl, { standaloneStream: false }),
        elicitation: () => ({ action: 'accept', content: { publish: true } }),
        ...eraOptions,
      });
      await client.connect();
      try {
        const seen: string[] = [];
        const result = await client.callToolAsTask(
          'approve_report',
          {},
          { onStatus: (task) => seen.push(task.status) },
        );
        expect(result.content).toEqual([
          { type: 'text', text: expect.stringMatching(/^published on instance:\d+$/) },
        ]);
        if (era === '2026-07-28') expect(seen).toContain('input_required');
      } finally {
        await client.close();
      }
    },
  );

  it.each([
    ['2026-07-28', {}],
    ['2025-11-25', { protocolVersion: '2025-11-25' }],
  ])(
    'McpClient (%s) through the round-robin proxy: unsubscribing cancels the task on the instance running it',
    async (_era, eraOptions) => {
      const client = new McpClient({
        transport: new StreamableHttpClientTransport(cluster.mcpUrl, { standaloneStream: false }),
        ...eraOptions,
      });
      await client.connect();
      try {
        const stopped = () => stoppedCount(cluster.instances);
        const before = stopped();
        await new Promise<void>((resolve, reject) => {
          const subscription = client.callToolAsTask$('long_report').subscribe({
            next: (event) => {
              if (event.type !== 'created') return;
              subscription.unsubscribe(); // cancels the task, through whichever instance
              resolve();
            },
            error: reject,
          });
        });
        for (let i = 0; i < 100 && stopped() === before; i++) await delay(30);
        expect(stopped()).toBe(before + 1);
      } finally {
        await client.close();
      }
    },
  );

  it('a task whose instance died becomes failed with a clear error instead of hanging', async () => {
    const taskId = (await call(a, 'tools/call', { name: 'long_report', arguments: {} })).result!
      .taskId as string;
    await until(b, taskId, 'working');
    await cluster.kill(a);
    const failed = await until(b, taskId, 'failed', 'completed', 'cancelled');
    expect(failed).toMatchObject({
      status: 'failed',
      error: { message: expect.stringMatching(/instance running the task stopped/) },
    });
    const refused = await call(c, 'tasks/update', {
      taskId,
      inputResponses: { elicitation: { action: 'accept' } },
    });
    expect(refused.error).toMatchObject({ code: -32602 });
  });
});
