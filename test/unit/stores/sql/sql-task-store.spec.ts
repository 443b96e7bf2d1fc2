import type { DataSource } from 'typeorm';
import { SqlTaskStore } from '../../../../lib/stores/sql/sql-task-store.js';
import { at, taskRecord as record } from '../../../support/task-record.js';
import {
  dropTestDatabase,
  openTestDatabase,
  SQL_DATABASE_NAMES,
  testTableNames,
} from '../../../support/sql-databases.js';

import.meta.jest.setTimeout(60_000);

describe.each(SQL_DATABASE_NAMES)('SqlTaskStore on %s', (database) => {
  const tables = testTableNames();
  let dataSource: DataSource;
  let store: SqlTaskStore;
  beforeAll(async () => {
    dataSource = await openTestDatabase(database, tables);
    store = new SqlTaskStore(dataSource, { table: tables.taskTable });
  });
  afterAll(() => dropTestDatabase(dataSource));

  it('keeps the whole record as JSON and applies patches (undefined removes)', async () => {
    const task = { ...record('t-json'), statusMessage: 'starting' };
    await store.create(task);
    expect(await store.get('t-json')).toEqual(task);
    const result = { content: [], structuredContent: { rows: [], nested: { a: 1 } } };
    const done = await store.update('t-json', {
      status: 'completed',
      result,
      statusMessage: undefined,
      lastUpdatedAt: at(),
    });
    expect(done?.result).toEqual(result);
    expect(done).not.toHaveProperty('statusMessage');
    expect(await store.get('t-json')).toEqual(done);
    expect(await store.get('nope')).toBeUndefined();
    expect(await store.update('nope', { status: 'failed', lastUpdatedAt: at() })).toBeUndefined();
  });

  it('keeps a terminal status under concurrent updates', async () => {
    await store.create(record('t-race'));
    const statuses = ['completed', 'failed', 'cancelled'] as const;
    await Promise.all(
      statuses.map((status) => store.update('t-race', { status, lastUpdatedAt: at() })),
    );
    const after = await store.get('t-race');
    expect(statuses).toContain(after?.status);
    const again = await store.update('t-race', { status: 'working', lastUpdatedAt: at() });
    expect(again?.status).toBe(after?.status);
  });

  it('lists a principal’s tasks newest first, page by page, never another’s', async () => {
    for (const id of ['l1', 'l2', 'l3']) await store.create(record(id, 'lister'));
    await store.create(record('other', 'someone else'));
    const first = await store.list('lister', undefined, 2);
    expect(first.tasks.map((t) => t.taskId)).toEqual(['l3', 'l2']);
    const second = await store.list('lister', first.nextCursor, 2);
    expect(second).toEqual({ tasks: [expect.objectContaining({ taskId: 'l1' })] });
  });

  it('never reads an expired task, and the cleanup deletes its row', async () => {
    await store.create(record('t-exp', 'expiring', 50));
    await store.create(record('t-forever', 'expiring', null));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await store.get('t-exp')).toBeUndefined();
    expect((await store.list('expiring', undefined, 10)).tasks.map((t) => t.taskId)).toEqual([
      't-forever',
    ]);
    expect(await store.deleteExpired()).toBeGreaterThanOrEqual(1);
    await store.delete('t-forever');
    expect(await store.get('t-forever')).toBeUndefined();
  });
});
