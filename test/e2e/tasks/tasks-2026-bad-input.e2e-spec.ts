import 'reflect-metadata';
import type { IncomingMessage } from 'node:http';
import {
  ModernCreateTaskResultSchema,
  ModernGetTaskResultSchema,
} from '../../../lib/protocol/schema/index.js';
import { openSse } from '../support/raw-http.js';
import { startTaskApp } from './task-tools.js';
import { modernCall, modernRequest, type ModernCallOptions } from '../support/modern-call.js';

const TASKS = 'io.modelcontextprotocol/tasks';

describe('2026-07-28 tasks extension over raw HTTP: wire shapes and bad input', () => {
  let app: Awaited<ReturnType<typeof startTaskApp>>;

  beforeAll(async () => {
    app = await startTaskApp({
      principal: (req: IncomingMessage) => String(req.headers['x-user'] ?? 'alice'),
    });
  });

  afterAll(() => app.close());

  const call = (method: string, params: Record<string, unknown>, options?: ModernCallOptions) =>
    modernCall(app.url, method, params, options);

  async function settled(taskId: string): Promise<Record<string, unknown>> {
    for (;;) {
      const { result } = await call('tasks/get', { taskId });
      if (['completed', 'failed', 'cancelled'].includes(result!.status as string)) return result!;
      await new Promise((r) => setTimeout(r, 40));
    }
  }

  it('discover advertises the extension, not a tasks capability', async () => {
    const { result } = await call('server/discover', {});
    const capabilities = result!.capabilities as Record<string, unknown>;
    expect(capabilities.extensions).toEqual({ [TASKS]: {} });
    expect(capabilities.tasks).toBeUndefined();
  });

  it('a task call answers a flat CreateTaskResult; tasks/get inlines the result', async () => {
    const created = await call('tools/call', { name: 'nightly_job', arguments: {} });
    expect(ModernCreateTaskResultSchema.parse(created.result)).toMatchObject({
      resultType: 'task',
      status: 'working',
      ttlMs: 3_600_000,
      pollIntervalMs: 40,
    });
    expect(created.result).not.toHaveProperty('task');
    const done = ModernGetTaskResultSchema.parse(await settled(created.result!.taskId as string));
    expect(done).toMatchObject({
      resultType: 'complete',
      status: 'completed',
      result: { content: [{ type: 'text', text: 'nightly done' }] },
    });
  });

  it('an unknown task id is -32602 on tasks/get, tasks/update and tasks/cancel', async () => {
    for (const [method, extra] of [
      ['tasks/get', {}],
      ['tasks/update', { inputResponses: {} }],
      ['tasks/cancel', {}],
    ] as const) {
      const answer = await call(method, { taskId: 'no-such-task', ...extra });
      expect(answer.error).toMatchObject({ code: -32602, message: 'Unknown task: no-such-task' });
    }
  });

  it('a task id of another principal is -32602 (as if unknown), and the task is untouched', async () => {
    const created = await call('tools/call', { name: 'endless', arguments: {} });
    const taskId = created.result!.taskId as string;
    for (const method of ['tasks/get', 'tasks/cancel'] as const) {
      const answer = await call(method, { taskId }, { user: 'mallory' });
      expect(answer.error).toMatchObject({ code: -32602 });
    }
    expect((await call('tasks/get', { taskId })).result).toMatchObject({ status: 'working' });
    await call('tasks/cancel', { taskId });
  });

  it('tasks/update for a finished task is -32602; for a working one it is acknowledged and ignored', async () => {
    const created = await call('tools/call', { name: 'endless', arguments: {} });
    const working = created.result!.taskId as string;
    const ack = await call('tasks/update', {
      taskId: working,
      inputResponses: { elicitation: { action: 'accept', content: {} } },
    });
    expect(ack.result).toMatchObject({ resultType: 'complete' });
    expect(ack.result).not.toHaveProperty('status');
    expect((await call('tasks/get', { taskId: working })).result).toMatchObject({
      status: 'working',
    });
    await call('tasks/cancel', { taskId: working });
    const finished = (await call('tools/call', { name: 'nightly_job', arguments: {} })).result!
      .taskId as string;
    await settled(finished);
    const refused = await call('tasks/update', {
      taskId: finished,
      inputResponses: { x: { action: 'accept' } },
    });
    expect(refused.error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/completed/),
    });
  });

  it('cancelling a finished task is an empty acknowledgement and changes nothing', async () => {
    const finished = (await call('tools/call', { name: 'nightly_job', arguments: {} })).result!
      .taskId as string;
    await settled(finished);
    const ack = await call('tasks/cancel', { taskId: finished });
    expect(ack.result).toMatchObject({ resultType: 'complete' });
    expect(Object.keys(ack.result!).sort()).toEqual(['_meta', 'resultType']);
    expect((await call('tasks/get', { taskId: finished })).result).toMatchObject({
      status: 'completed',
    });
  });

  it('a required-task tool called without the extension is -32021 naming it', async () => {
    const answer = await call(
      'tools/call',
      { name: 'nightly_job', arguments: {} },
      { tasks: false },
    );
    expect(answer.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { extensions: { [TASKS]: {} } } },
    });
  });

  it('tasks/* without the extension are -32021; an optional tool then answers plainly', async () => {
    const answer = await call('tasks/get', { taskId: 'x' }, { tasks: false });
    expect(answer.error).toMatchObject({ code: -32021 });
    const plain = await call(
      'tools/call',
      { name: 'build_report', arguments: { month: 'm', sections: 1 } },
      { tasks: false },
    );
    expect(plain.result).toMatchObject({
      resultType: 'complete',
      content: [{ text: 'Report m: 1 sections' }],
    });
  });

  it('a task input request is answered with tasks/update (partial answers keep input_required)', async () => {
    const created = await call('tools/call', { name: 'approve_report', arguments: {} });
    const taskId = created.result!.taskId as string;
    let task: Record<string, unknown> = {};
    for (let i = 0; i < 100 && task.status !== 'input_required'; i++) {
      task = (await call('tasks/get', { taskId })).result!;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(task).toMatchObject({
      status: 'input_required',
      inputRequests: { elicitation: { method: 'elicitation/create' } },
    });
    const malformed = await call('tasks/update', {
      taskId,
      inputResponses: { elicitation: { action: 'maybe' } },
    });
    expect(malformed.error).toMatchObject({ code: -32602 });
    await call('tasks/update', {
      taskId,
      inputResponses: { elicitation: { action: 'accept', content: { publish: true } } },
    });
    expect(await settled(taskId)).toMatchObject({
      status: 'completed',
      result: { content: [{ type: 'text', text: 'published' }] },
    });
  });

  it('status notifications: subscriptions/listen with taskIds streams notifications/tasks to the end', async () => {
    const taskId = (await call('tools/call', { name: 'build_report', arguments: { month: 'n' } }))
      .result!.taskId as string;
    const { body, headers } = modernRequest('subscriptions/listen', {
      notifications: { taskIds: [taskId, 'not-mine'] },
    });
    const stream = await openSse(app.url, { method: 'POST', headers, body: JSON.stringify(body) });
    try {
      const frames: Array<Record<string, unknown>> = [];
      await stream.until((event) => {
        if (event.data === '') return false;
        const message = JSON.parse(event.data) as Record<string, unknown>;
        frames.push(message);
        return (message.params as { status?: string } | undefined)?.status === 'completed';
      });
      expect(frames[0]).toMatchObject({
        method: 'notifications/subscriptions/acknowledged',
        params: { notifications: { taskIds: [taskId] } },
      });
      expect(frames.at(-1)).toMatchObject({
        method: 'notifications/tasks',
        params: {
          taskId,
          status: 'completed',
          result: { content: [{ type: 'text', text: 'Report n: 3 sections (task)' }] },
        },
      });
    } finally {
      stream.abort();
    }
  });

  it('a taskIds subscription without the extension is -32021', async () => {
    const answer = await call(
      'subscriptions/listen',
      { notifications: { taskIds: ['x'] } },
      { tasks: false },
    );
    expect(answer.error).toMatchObject({ code: -32021 });
  });
});
