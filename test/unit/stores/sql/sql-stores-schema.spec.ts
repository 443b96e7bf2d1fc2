import { DataSource, type Table } from 'typeorm';
import { sqlAuthorizationStore } from '../../../../lib/authorization-server/store/sql-authorization-store.js';
import { mcpSqlEntities } from '../../../../lib/stores/sql/sql-stores-schema.js';
import { SqlTaskStore } from '../../../../lib/stores/sql/sql-task-store.js';
import { taskRecord } from '../../../support/task-record.js';
import {
  dropTestDatabase,
  openTestDatabase,
  SQL_DATABASE_NAMES,
  SQL_DATABASES,
  testTableNames,
} from '../../../support/sql-databases.js';

import.meta.jest.setTimeout(60_000);

/** A table as the database reports it: primary key, columns, indexes (name → columns). */
function shape(table: Table | undefined) {
  if (!table) return undefined;
  return {
    primary: table.primaryColumns.map((c) => c.name),
    columns: table.columns.map((c) => `${c.name}${c.isNullable ? '?' : ''}`).sort(),
    indexes: Object.fromEntries(
      table.indices.map((index) => [
        index.name!.replace(/^mcp_t[0-9a-f]+_/, ''),
        index.columnNames,
      ]),
    ),
  };
}

/**
 * The shipped schema on real PostgreSQL and MariaDB: the migration makes the three tables with
 * the primary keys and the indexes the stores' lookups and cleanups use (grant, uid and user code
 * per model; expiry; a principal's tasks by creation time; ended windows), and the entities
 * (`mcpSqlEntities`, for `synchronize`) make the same tables, on which the stores work.
 */
describe.each(SQL_DATABASE_NAMES)('the SQL stores’ schema on %s', (database) => {
  const migrated = testTableNames();
  const synchronized = testTableNames();
  let viaMigration: DataSource;
  let viaEntities: DataSource;
  beforeAll(async () => {
    viaMigration = await openTestDatabase(database, migrated);
    viaEntities = new DataSource({
      ...SQL_DATABASES[database],
      entities: await mcpSqlEntities(synchronized),
      synchronize: true,
    });
    await viaEntities.initialize();
  });
  afterAll(async () => {
    if (viaEntities?.isInitialized) {
      const runner = viaEntities.createQueryRunner();
      for (const name of Object.values(synchronized)) await runner.dropTable(name, true);
      await runner.release();
      await viaEntities.destroy();
    }
    await dropTestDatabase(viaMigration);
  });

  const read = async (dataSource: DataSource, name: string) => {
    const runner = dataSource.createQueryRunner();
    try {
      return shape(await runner.getTable(name));
    } finally {
      await runner.release();
    }
  };

  it('migrates the three tables with their keys and the lookup and cleanup indexes', async () => {
    expect(await read(viaMigration, migrated.authorizationTable)).toEqual({
      primary: ['model', 'id'],
      columns: [
        'consumed?',
        'expires_at?',
        'grant_id?',
        'id',
        'model',
        'payload',
        'uid?',
        'user_code?',
      ],
      indexes: {
        as_grant: ['model', 'grant_id'],
        as_uid: ['model', 'uid'],
        as_user_code: ['model', 'user_code'],
        as_expiry: ['expires_at'],
      },
    });
    expect(await read(viaMigration, migrated.taskTable)).toEqual({
      primary: ['task_id'],
      columns: ['created_at', 'expires_at?', 'owner_key', 'record', 'task_id'],
      indexes: { tasks_owner: ['owner_key', 'created_at'], tasks_expiry: ['expires_at'] },
    });
    expect(await read(viaMigration, migrated.counterTable)).toEqual({
      primary: ['counter_key'],
      columns: ['counter_key', 'hits', 'window_ends_at'],
      indexes: { counters_window: ['window_ends_at'] },
    });
  });

  it('the entities make the same tables, and the stores work on them', async () => {
    for (const which of ['authorizationTable', 'taskTable', 'counterTable'] as const) {
      expect(await read(viaEntities, synchronized[which])).toEqual(
        await read(viaMigration, migrated[which]),
      );
    }
    const store = sqlAuthorizationStore(viaEntities, {
      table: synchronized.authorizationTable,
      counterTable: synchronized.counterTable,
    });
    await store('AuthorizationCode').upsert('code-1', { grantId: 'g1' }, 60);
    expect(await store('AuthorizationCode').consume('code-1')).toBe(true);
    expect(await store('AuthorizationCode').consume('code-1')).toBe(false);
    expect((await store.rateLimitCounters!.hit('k', 60_000)).hits).toBe(1);
    const tasks = new SqlTaskStore(viaEntities, { table: synchronized.taskTable });
    await tasks.create(taskRecord('t-entities'));
    expect((await tasks.get('t-entities'))?.taskId).toBe('t-entities');
  });
});
