import { McpError } from '../../../../lib/errors/mcp.error.js';
import { InMemoryTaskStore } from '../../../../lib/stores/in-memory-task-store.js';
import { TaskEngine, type TaskStart } from '../../../../lib/server/tasks/task-engine.js';

const start: TaskStart = {
  owner: 'principal:alice',
  era: 'modern',
  method: 'tools/call',
  name: 'report',
  tool: { support: 'optional', start: 'immediate' },
};

describe('TaskEngine', () => {
  let store: InMemoryTaskStore;
  let engine: TaskEngine;
  beforeEach(() => {
    store = new InMemoryTaskStore();
    engine = new TaskEngine({ store, defaultTtlMs: 1000, maxTtlMs: 5000, pollIntervalMs: 25 });
  });
  afterEach(() => store.close());

  it('creates a working task the store already has, with the default TTL and interval', async () => {
    const live = await engine.create(start);
    expect(await store.get(live.record.taskId)).toMatchObject({
      status: 'working',
      ttlMs: 1000,
      pollIntervalMs: 25,
      owner: 'principal:alice',
    });
  });

  it('caps a lifetime the client asks for at maxTtlMs; the tool’s own TTL wins over the default', async () => {
    expect((await engine.create({ ...start, requestedTtlMs: 999_999 })).record.ttlMs).toBe(5000);
    const tool = { ...start.tool, ttlMs: 3000 };
    expect((await engine.create({ ...start, tool })).record.ttlMs).toBe(3000);
  });

  it('finds a task only for its owner (-32602 for anyone else, as for an unknown id)', async () => {
    const { taskId } = (await engine.create(start)).record;
    await expect(engine.get(taskId, 'principal:alice')).resolves.toMatchObject({ taskId });
    await expect(engine.get(taskId, 'principal:bob')).rejects.toMatchObject({ code: -32602 });
    await expect(engine.get('nope', 'principal:alice')).rejects.toBeInstanceOf(McpError);
  });

  it('settles with the result, or a failed status with the McpError inlined', async () => {
    const ok = await engine.create(start);
    await engine.settle(ok, Promise.resolve({ content: [] }));
    expect(await store.get(ok.record.taskId)).toMatchObject({
      status: 'completed',
      result: { content: [] },
    });
    const bad = await engine.create(start);
    await engine.settle(bad, Promise.reject(new McpError(-32001, 'offline', { why: 1 })));
    expect(await store.get(bad.record.taskId)).toMatchObject({
      status: 'failed',
      error: { code: -32001, message: 'offline', data: { why: 1 } },
    });
  });

  it('cancel aborts the run and is final: a later result does not replace it', async () => {
    const live = await engine.create(start);
    await engine.cancel(live.record.taskId, 'principal:alice');
    expect(live.controller.signal.aborted).toBe(true);
    await engine.settle(live, Promise.resolve({ content: [] }));
    expect((await store.get(live.record.taskId))!.status).toBe('cancelled');
    await expect(engine.update(live.record.taskId, 'principal:alice', {})).rejects.toMatchObject({
      code: -32602,
    });
  });

  it('waitTerminal resolves when the task ends', async () => {
    const live = await engine.create(start);
    const waiting = engine.waitTerminal(
      live.record.taskId,
      'principal:alice',
      new AbortController().signal,
    );
    await engine.settle(live, Promise.resolve({ content: [] }));
    await expect(waiting).resolves.toMatchObject({ status: 'completed' });
  });

  it('waitTerminal sees a completion that lands while its read is in flight (no lost wake-up)', async () => {
    // A store whose reads answer late (a Redis round trip): the record is read as `working`,
    // the task completes, then the stale read arrives.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = new InMemoryTaskStore();
    const read = slow.get.bind(slow);
    let reads = 0;
    slow.get = async (taskId) => {
      const record = await read(taskId);
      if (++reads === 2) await gate; // the first read of waitTerminal
      return record;
    };
    const racing = new TaskEngine({ store: slow, pollIntervalMs: 25 });
    const live = await racing.create(start);
    await racing.get(live.record.taskId, 'principal:alice'); // read 1
    let settled = false;
    const waiting = racing
      .waitTerminal(live.record.taskId, 'principal:alice', new AbortController().signal)
      .then((record) => {
        settled = true;
        return record;
      });
    await new Promise((resolve) => setImmediate(resolve));
    // The task's final write lands (and wakes) while the read is in flight and the task is still
    // live in this process (settle forgets it only after that write).
    racing.onStatus = () => release();
    const write = (racing as unknown as { write: (l: unknown, p: unknown) => Promise<unknown> })
      .write;
    await write.call(racing, live, { status: 'completed', result: { content: [] } });
    for (let i = 0; i < 20 && !settled; i++) await new Promise((r) => setImmediate(r));
    expect(settled).toBe(true); // before the fix: parked on the 60 s timer
    await expect(waiting).resolves.toMatchObject({ status: 'completed' });
    slow.close();
  });
});
