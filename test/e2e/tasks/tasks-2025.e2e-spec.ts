import 'reflect-metadata';
import { McpError as SdkMcpError } from '@modelcontextprotocol/sdk/types.js';
import {
  CallToolResultSchema,
  ElicitRequestSchema,
  type ElicitRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { connectClient, type TestClient } from '../support/client.js';
import { startTaskApp, type TaskTools } from './task-tools.js';

/** Collects what `callToolStream` yields. */
async function drain<T>(stream: AsyncGenerator<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const message of stream) out.push(message);
  return out;
}

/** The JSON-RPC code of a rejected SDK call. */
async function codeOf(call: Promise<unknown>): Promise<number | undefined> {
  try {
    await call;
  } catch (error) {
    return (error as SdkMcpError).code;
  }
  throw new Error('expected the call to fail');
}

/** Runs `nightly_job` as a task to its end with `sdk`; resolves with the task id. */
async function finishedTask(sdk: TestClient): Promise<string> {
  const messages = await drain(
    sdk.client.experimental.tasks.callToolStream(
      { name: 'nightly_job', arguments: {} },
      CallToolResultSchema,
      { task: {} },
    ),
  );
  return (messages[0] as { task: { taskId: string } }).task.taskId;
}

describe('2025-11-25 experimental tasks with the official SDK v1 client (client.experimental.tasks)', () => {
  let app: Awaited<ReturnType<typeof startTaskApp>>;
  let url: URL;
  let tools: TaskTools;
  let sdk: TestClient;
  const elicitations: ElicitRequest[] = [];

  beforeAll(async () => {
    app = await startTaskApp();
    ({ url, tools } = app);
    sdk = await connectClient(url, {
      capabilities: { elicitation: {} },
      setup: (client) =>
        client.setRequestHandler(ElicitRequestSchema, (request) => {
          elicitations.push(request);
          return { action: 'accept', content: { publish: true } };
        }),
    });
  });

  afterAll(async () => {
    await sdk.close();
    await app.close();
  });

  it('advertises tasks for tools/call and each tool its execution.taskSupport', async () => {
    expect(sdk.client.getServerCapabilities()?.tasks).toEqual({
      list: {},
      cancel: {},
      requests: { tools: { call: {} } },
    });
    const { tools: listed } = await sdk.client.listTools();
    const support = Object.fromEntries(listed.map((t) => [t.name, t.execution?.taskSupport]));
    expect(support).toMatchObject({
      build_report: 'optional',
      nightly_job: 'required',
      plain: undefined,
    });
  });

  it('runs a tool as a task: taskCreated, statuses, then the result (tasks/get + tasks/result)', async () => {
    const messages = await drain(
      sdk.client.experimental.tasks.callToolStream(
        { name: 'build_report', arguments: { month: '2026-10' } },
        CallToolResultSchema,
        { task: { ttl: 60_000 } },
      ),
    );
    const created = messages.find((m) => m.type === 'taskCreated');
    expect(created).toMatchObject({ task: { status: 'working', ttl: 60_000, pollInterval: 40 } });
    const result = messages.at(-1);
    expect(result).toMatchObject({
      type: 'result',
      result: { content: [{ type: 'text', text: 'Report 2026-10: 3 sections (task)' }] },
    });
    const taskId = (created as { task: { taskId: string } }).task.taskId;
    const task = await sdk.client.experimental.tasks.getTask(taskId);
    expect(task).toMatchObject({ taskId, status: 'completed', statusMessage: 'section 3/3' });
    const { tasks } = await sdk.client.experimental.tasks.listTasks();
    expect(tasks.map((t) => t.taskId)).toContain(taskId);
  });

  it('the same tool called without a task answers at once', async () => {
    const result = await sdk.client.callTool({ name: 'build_report', arguments: { month: 'x' } });
    expect(result.content).toEqual([{ type: 'text', text: 'Report x: 3 sections' }]);
  });

  it('input inside a task: input_required, the elicitation arrives on tasks/result with the related task', async () => {
    elicitations.length = 0;
    const messages = await drain(
      sdk.client.experimental.tasks.callToolStream(
        { name: 'approve_report', arguments: {} },
        CallToolResultSchema,
        { task: {} },
      ),
    );
    expect(messages.at(-1)).toMatchObject({
      type: 'result',
      result: { content: [{ type: 'text', text: 'published' }] },
    });
    const created = messages.find((m) => m.type === 'taskCreated') as { task: { taskId: string } };
    expect(elicitations).toHaveLength(1);
    expect(elicitations[0]!.params._meta).toMatchObject({
      'io.modelcontextprotocol/related-task': { taskId: created.task.taskId },
    });
  });

  it('tasks/cancel stops the handler and leaves the task cancelled', async () => {
    tools.resetEndless();
    const created = await sdk.client.request(
      { method: 'tools/call', params: { name: 'endless', arguments: {}, task: {} } },
      CallToolResultSchema.passthrough(),
    );
    const taskId = (created as unknown as { task: { taskId: string } }).task.taskId;
    const cancelled = await sdk.client.experimental.tasks.cancelTask(taskId);
    expect(cancelled).toMatchObject({ taskId, status: 'cancelled' });
    await tools.endlessAborted;
    expect(await sdk.client.experimental.tasks.getTask(taskId)).toMatchObject({
      status: 'cancelled',
    });
  });

  describe('bad input', () => {
    it('an unknown task id is -32602', async () => {
      expect(await codeOf(sdk.client.experimental.tasks.getTask('no-such-task'))).toBe(-32602);
    });

    it('a task of another session (principal) is -32602 there, as if unknown', async () => {
      const taskId = await finishedTask(sdk);
      const other = await connectClient(url);
      try {
        expect(await codeOf(other.client.experimental.tasks.getTask(taskId))).toBe(-32602);
        expect(await codeOf(other.client.experimental.tasks.getTaskResult(taskId))).toBe(-32602);
      } finally {
        await other.close();
      }
    });

    it('cancelling a finished task is -32602', async () => {
      const taskId = await finishedTask(sdk);
      expect(await codeOf(sdk.client.experimental.tasks.cancelTask(taskId))).toBe(-32602);
    });

    it('a required-task tool called without a task is -32601', async () => {
      // client.request: callTool() would refuse it locally before sending.
      const call = sdk.client.request(
        { method: 'tools/call', params: { name: 'nightly_job', arguments: {} } },
        CallToolResultSchema,
      );
      expect(await codeOf(call)).toBe(-32601);
    });

    it('a tool without task support called as a task is -32601', async () => {
      const call = sdk.client.request(
        { method: 'tools/call', params: { name: 'plain', arguments: {}, task: {} } },
        CallToolResultSchema,
      );
      expect(await codeOf(call)).toBe(-32601);
    });
  });
});
