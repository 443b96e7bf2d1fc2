import { InMemoryTaskStore } from '../../../lib/stores/in-memory-task-store.js';
import { taskRecord } from '../../support/task-record.js';

/** A working task of the shared helper, owned by `principal:alice` unless told otherwise. */
const record = (taskId: string, owner = 'principal:alice', ttlMs: number | null = 60_000) =>
  taskRecord(taskId, owner, ttlMs);

describe('InMemoryTaskStore', () => {
  let store: InMemoryTaskStore;
  beforeEach(() => (store = new InMemoryTaskStore()));
  afterEach(() => store.close());

  it('keeps JSON copies: changing a returned record changes nothing stored', async () => {
    await store.create(record('a'));
    const got = (await store.get('a'))!;
    got.status = 'failed';
    expect((await store.get('a'))!.status).toBe('working');
    expect(JSON.parse(JSON.stringify(got))).toEqual(got);
  });

  it('applies patches, removing members set to undefined', async () => {
    await store.create(record('a'));
    await store.update('a', {
      status: 'input_required',
      inputRequests: { q: { method: 'roots/list' } },
      lastUpdatedAt: 'later',
    });
    const updated = await store.update('a', {
      status: 'working',
      inputRequests: undefined,
      lastUpdatedAt: 'latest',
    });
    expect(updated).toMatchObject({ status: 'working', lastUpdatedAt: 'latest' });
    expect(updated).not.toHaveProperty('inputRequests');
  });

  it('never moves a terminal task to another status', async () => {
    await store.create(record('a'));
    await store.update('a', { status: 'cancelled', lastUpdatedAt: 't1' });
    const after = await store.update('a', {
      status: 'completed',
      result: { content: [] },
      lastUpdatedAt: 't2',
    });
    expect(after).toMatchObject({ status: 'cancelled', lastUpdatedAt: 't1' });
    expect(after).not.toHaveProperty('result');
  });

  it('reads an expired task as absent (get, update, list)', async () => {
    await store.create({ ...record('old'), expiresAt: Date.now() - 1 });
    expect(await store.get('old')).toBeUndefined();
    expect(await store.update('old', { lastUpdatedAt: 'x' })).toBeUndefined();
    expect((await store.list('principal:alice', undefined, 10)).tasks).toEqual([]);
  });

  it('lists one owner’s tasks, newest first, in pages', async () => {
    for (const id of ['1', '2', '3']) await store.create(record(id));
    await store.create(record('other', 'principal:bob'));
    const first = await store.list('principal:alice', undefined, 2);
    expect(first.tasks.map((t) => t.taskId)).toEqual(['3', '2']);
    const second = await store.list('principal:alice', first.nextCursor, 2);
    expect(second).toEqual({ tasks: [expect.objectContaining({ taskId: '1' })] });
  });
});
