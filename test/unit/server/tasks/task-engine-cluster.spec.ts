import { setTimeout as delay } from 'node:timers/promises';
import { InMemoryTaskStore } from '../../../../lib/stores/in-memory-task-store.js';
import { TaskEngine, type TaskStart } from '../../../../lib/server/tasks/task-engine.js';
import { RUNNER_GONE_ERROR, type TaskControl } from '../../../../lib/server/tasks/task-cluster.js';
import { remoteInputRelay } from '../../../../lib/server/tasks/remote-task-input.js';

const start: TaskStart = {
  owner: 'alice',
  era: 'modern',
  method: 'tools/call',
  name: 'report',
  tool: { support: 'optional', start: 'immediate' },
};

/** Two engines ("instances" a and b) on one store, their controls delivered like the bus does. */
function pair() {
  const store = new InMemoryTaskStore();
  const alive = new Set(['a', 'b']);
  const sent: Array<{ to: string; control: TaskControl }> = [];
  const engines: Record<string, TaskEngine> = {};
  for (const id of ['a', 'b']) {
    const engine = new TaskEngine({ store });
    engine.cluster = {
      instanceId: id,
      isAlive: (instance) => alive.has(instance),
      send: (to, taskId, control) => {
        sent.push({ to, control });
        void engines[to]?.control(taskId, control);
      },
    };
    engines[id] = engine;
  }
  return { store, alive, sent, a: engines.a, b: engines.b };
}

describe('TaskEngine across instances', () => {
  it('names its runner in the record; tasks/cancel on b aborts the run on a', async () => {
    const { store, a, b } = pair();
    const live = await a.create(start);
    expect(live.record.runner).toBe('a');
    const record = await b.cancel(live.record.taskId, 'alice');
    expect(record.status).toBe('cancelled');
    await delay(0);
    expect(live.controller.signal.aborted).toBe(true);
    expect(live.record.status).toBe('cancelled');
    await a.settle(live, Promise.resolve({ content: [] }));
    expect((await store.get(live.record.taskId))?.status).toBe('cancelled');
    store.close();
  });

  it('tasks/update on b hands checked answers to the run on a; a malformed one is -32602 on b', async () => {
    const { store, sent, a, b } = pair();
    const live = await a.create(start);
    const answer = live.input.ask('elicitation/create', { message: 'Name?' });
    await delay(0);
    const { taskId } = live.record;
    await expect(
      b.update(taskId, 'alice', { elicitation: { action: 'maybe' } }),
    ).rejects.toMatchObject({ code: -32602 });
    expect(sent).toEqual([]);
    await b.update(taskId, 'alice', {
      elicitation: { action: 'accept', content: { name: 'Ada' } },
      unasked: { action: 'accept' },
    });
    expect(sent).toEqual([
      {
        to: 'a',
        control: {
          action: 'input',
          responses: { elicitation: { action: 'accept', content: { name: 'Ada' } } },
        },
      },
    ]);
    await expect(answer).resolves.toMatchObject({ content: { name: 'Ada' } });
    store.close();
  });

  it('2025 tasks/result waiting on b asks the client each outstanding input once and forwards the answer to a', async () => {
    const { store, a, b } = pair();
    const live = await a.create({ ...start, era: 'legacy' });
    const { taskId } = live.record;
    const asked: string[] = [];
    const onPoll = remoteInputRelay({
      ask: async (method, params) => {
        asked.push(`${method}:${String(params.message)}`);
        return { action: 'accept', content: { name: 'Ada' } };
      },
      answer: (responses) => b.update(taskId, 'alice', responses),
    });
    const waiting = b.waitTerminal(taskId, 'alice', new AbortController().signal, onPoll);
    const name = (await live.input.ask('elicitation/create', { message: 'Name?' })) as {
      content: { name: string };
    };
    await a.settle(live, Promise.resolve({ content: [{ type: 'text', text: name.content.name }] }));
    await expect(waiting).resolves.toMatchObject({ status: 'completed' });
    expect(asked).toEqual(['elicitation/create:Name?']);
    store.close();
  });

  it('a task whose runner is gone reads as failed (it never hangs), and takes no input', async () => {
    const { store, alive, sent, a, b } = pair();
    const { taskId } = (await a.create(start)).record;
    alive.delete('a');
    expect(await b.get(taskId, 'alice')).toMatchObject({
      status: 'failed',
      error: RUNNER_GONE_ERROR,
    });
    await expect(b.update(taskId, 'alice', {})).rejects.toMatchObject({ code: -32602 });
    expect((await b.cancel(taskId, 'alice')).status).toBe('failed');
    expect(sent).toEqual([]);
    // The runner itself never presumes itself gone.
    expect((await a.get(taskId, 'alice')).status).toBe('failed');
    store.close();
  });

  it('another principal gets -32602 on every instance and nothing is sent', async () => {
    const { store, sent, a, b } = pair();
    const { taskId } = (await a.create(start)).record;
    await expect(b.cancel(taskId, 'mallory')).rejects.toMatchObject({ code: -32602 });
    await expect(b.update(taskId, 'mallory', {})).rejects.toMatchObject({ code: -32602 });
    expect(sent).toEqual([]);
    expect((await b.get(taskId, 'alice')).status).toBe('working');
    store.close();
  });
});
