import { decodeTaskListCursor, encodeTaskListCursor } from '../task-list-cursor.js';
import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import {
  isTerminalStatus,
  type TaskPage,
  type TaskRecord,
  type TaskRecordPatch,
  type TaskStore,
} from '../task-store.interface.js';
import { checkedTableName, DEFAULT_SQL_TABLE_NAMES } from './sql-table-names.js';
import { SqlStoreFailures, type SqlStoreLogOptions } from './sql-store-failures.js';
import { deleteEndedRows } from './delete-ended-rows.js';

/** Options of {@link SqlTaskStore}. */
export interface SqlTaskStoreOptions extends SqlStoreLogOptions {
  /** The tasks' table (made by `mcpSqlStoresMigration`). Default `'mcp_tasks'`. */
  table?: string;
}

/** The key a principal's tasks are indexed by (a principal may be longer than a column). */
const ownerKey = (owner: string) => createHash('sha256').update(owner).digest('hex');

/**
 * {@link TaskStore} in the app's own SQL database through its TypeORM `DataSource`
 * (PostgreSQL, MySQL, MariaDB; the table from `mcpSqlStoresMigration` or `mcpSqlEntities`),
 * shared by the instances of a service and kept across restarts: one row per task (the JSON
 * record, its owner's key and creation time indexed for `list`, `expires_at` in epoch ms).
 * `update` reads the row `FOR UPDATE` in a transaction, so concurrent updates apply one after
 * the other and a terminal record keeps its status. Expired rows are never read;
 * {@link deleteExpired} removes them. The `DataSource` is not initialised nor closed here.
 * @throws StoreUnavailableError from every method while the database cannot be reached (the
 *   driver's text is logged once per outage, never sent).
 */
export class SqlTaskStore implements TaskStore {
  private readonly table: string;
  private readonly failures: SqlStoreFailures;

  constructor(
    private readonly dataSource: DataSource,
    options: SqlTaskStoreOptions = {},
  ) {
    this.table = checkedTableName(options.table ?? DEFAULT_SQL_TABLE_NAMES.taskTable);
    this.failures = new SqlStoreFailures('SQL task store', dataSource, options.logger);
  }

  create(record: TaskRecord): Promise<void> {
    return this.failures.run('create', () => this.insert(record));
  }

  private async insert(record: TaskRecord): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(this.table)
      .values({
        task_id: record.taskId,
        owner_key: ownerKey(record.owner),
        created_at: Date.parse(record.createdAt) || Date.now(),
        record: JSON.stringify(record),
        expires_at: record.expiresAt,
      })
      .execute();
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    const row = await this.failures.run('get', () =>
      this.live('t.task_id = :taskId', { taskId }).getRawOne<{ record: string }>(),
    );
    return decode(row?.record, taskId);
  }

  update(taskId: string, patch: TaskRecordPatch): Promise<TaskRecord | undefined> {
    return this.failures.run('update', () => this.patch(taskId, patch));
  }

  private patch(taskId: string, patch: TaskRecordPatch): Promise<TaskRecord | undefined> {
    return this.dataSource.transaction(async (manager) => {
      const row = await manager
        .createQueryBuilder()
        .select('t.record', 'record')
        .from(this.table, 't')
        .where('t.task_id = :taskId AND (t.expires_at IS NULL OR t.expires_at > :now)', {
          taskId,
          now: Date.now(),
        })
        .setLock('pessimistic_write')
        .getRawOne<{ record: string }>();
      const record = decode(row?.record, taskId);
      if (!record) return undefined;
      if (isTerminalStatus(record.status) && patch.status && patch.status !== record.status) {
        return record;
      }
      const fields = record as unknown as Record<string, unknown>;
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined) delete fields[key];
        else fields[key] = value;
      }
      await manager
        .createQueryBuilder()
        .update(this.table)
        .set({ record: JSON.stringify(record) })
        .where('task_id = :taskId', { taskId })
        .execute();
      return record;
    });
  }

  async list(owner: string, cursor: string | undefined, limit: number): Promise<TaskPage> {
    const after = decodeTaskListCursor(cursor);
    const query = this.live('t.owner_key = :key', { key: ownerKey(owner) })
      .addSelect('t.task_id', 'task_id')
      .addSelect('t.created_at', 'created_at')
      .orderBy('t.created_at', 'DESC')
      .addOrderBy('t.task_id', 'DESC')
      .limit(limit + 1);
    if (after) {
      query.andWhere('(t.created_at < :s OR (t.created_at = :s AND t.task_id < :m))', after);
    }
    const rows = await this.failures.run('list', () =>
      query.getRawMany<{ record: string; task_id: string; created_at: string }>(),
    );
    const page = rows.slice(0, limit);
    const tasks = page
      .map((row) => decode(row.record, row.task_id))
      .filter((record): record is TaskRecord => record?.owner === owner);
    if (rows.length <= limit) return { tasks };
    const last = page[page.length - 1]!;
    return {
      tasks,
      nextCursor: encodeTaskListCursor({ s: Number(last.created_at), m: last.task_id }),
    };
  }

  async delete(taskId: string): Promise<void> {
    await this.failures.run('delete', () =>
      this.dataSource
        .createQueryBuilder()
        .delete()
        .from(this.table)
        .where('task_id = :taskId', { taskId })
        .execute(),
    );
  }

  /**
   * Deletes the rows of expired tasks (they already read as absent); resolves how many. Run it
   * from a job: nothing deletes expired rows otherwise.
   */
  async deleteExpired(): Promise<number> {
    return deleteEndedRows(
      this.dataSource,
      this.table,
      this.failures,
      'expires_at IS NOT NULL AND expires_at <= :now',
    );
  }

  /** The records matching `where` that have not expired. */
  private live(where: string, params: Record<string, unknown>) {
    return this.dataSource
      .createQueryBuilder()
      .select('t.record', 'record')
      .from(this.table, 't')
      .where(`${where} AND (t.expires_at IS NULL OR t.expires_at > :now)`, {
        ...params,
        now: Date.now(),
      });
  }
}

/** The record of a row; undefined when absent, malformed or not `taskId`'s. */
function decode(text: string | undefined, taskId: string): TaskRecord | undefined {
  if (text === undefined) return undefined;
  try {
    const record = JSON.parse(text) as TaskRecord;
    return record.taskId === taskId && typeof record.owner === 'string' ? record : undefined;
  } catch {
    return undefined;
  }
}
