import type { DataSource } from 'typeorm';
import { checkedTableName, DEFAULT_SQL_TABLE_NAMES } from '../../stores/sql/sql-table-names.js';
import { SqlStoreFailures, type SqlStoreLogOptions } from '../../stores/sql/sql-store-failures.js';
import { runEachCall } from './run-each-call.js';
import { SqlLimitCounters, sqlCountersSupported } from '../../stores/sql/sql-limit-counters.js';
import type {
  McpAuthorizationRecord,
  McpAuthorizationStore,
  McpAuthorizationStoreAdapter,
} from './authorization-store.interface.js';
import { deleteEndedRows } from '../../stores/sql/delete-ended-rows.js';

/** Options of {@link sqlAuthorizationStore}. */
export interface SqlAuthorizationStoreOptions extends SqlStoreLogOptions {
  /** The records' table (made by `mcpSqlStoresMigration`). Default `'mcp_authorization_records'`. */
  table?: string;
  /**
   * The rate-limit windows' table ({@link SqlAuthorizationStore.rateLimitCounters}, made by the
   * same migration). Default `'mcp_limit_counters'`.
   */
  counterTable?: string | undefined;
}

/** An {@link McpAuthorizationStore} in SQL, with the cleanup of expired rows. */
export interface SqlAuthorizationStore extends McpAuthorizationStore {
  /**
   * The store's one cleanup: deletes the records whose time is past (they already read as
   * absent) and the ended windows of {@link rateLimitCounters}; resolves how many rows in all.
   * Run it from a job (for example every hour): nothing deletes them otherwise.
   */
  deleteExpired(): Promise<number>;
  /**
   * Rate-limit counters in the same database (PostgreSQL, MySQL, MariaDB; absent on others): the
   * authorization server counts its `rateLimits` budgets in them when the app has no `McpModule`
   * Redis and no `rateLimitCounters` option, so the budgets hold for the whole service. Their
   * ended windows are deleted by {@link deleteExpired}.
   */
  readonly rateLimitCounters?: SqlLimitCounters;
}

/** One row as read back. */
interface RecordRow {
  payload: string;
  consumed: string | number | null;
}

/**
 * The authorization server's records in the app's own SQL database, through its TypeORM
 * `DataSource` (PostgreSQL, MySQL, MariaDB; the table from `mcpSqlStoresMigration` or
 * `mcpSqlEntities`): one row per record keyed by `(model, id)`, the JSON record in `payload`,
 * the grant, uid and user code lookups indexed. `consume` is one conditional
 * `UPDATE ... SET consumed = :now WHERE ... AND consumed IS NULL` and wins only when it changed a
 * row, so of concurrent redemptions on any number of instances exactly one wins. Rows past
 * `expires_at` are never read nor consumed; {@link SqlAuthorizationStore.deleteExpired} removes
 * them and the ended rate-limit windows. The `DataSource` is the app's: not initialised nor closed here. While the database
 * cannot be reached every method rejects with a `StoreUnavailableError` (the authorization server
 * answers 503 `temporarily_unavailable`); the driver's text is logged once per outage.
 */
export function sqlAuthorizationStore(
  dataSource: DataSource,
  options: SqlAuthorizationStoreOptions = {},
): SqlAuthorizationStore {
  const table = checkedTableName(options.table ?? DEFAULT_SQL_TABLE_NAMES.authorizationTable);
  const failures = new SqlStoreFailures('SQL authorization store', dataSource, options.logger);
  const live = '(r.expires_at IS NULL OR r.expires_at > :now)';
  const parse = (row: RecordRow | undefined): McpAuthorizationRecord | undefined => {
    if (!row) return undefined;
    try {
      const record = JSON.parse(row.payload) as McpAuthorizationRecord;
      if (row.consumed !== null) record.consumed = Number(row.consumed);
      return record;
    } catch {
      return undefined; // a damaged record reads as absent
    }
  };
  const findWhere = async (model: string, where: string, params: Record<string, unknown>) =>
    parse(
      await dataSource
        .createQueryBuilder()
        .select('r.payload', 'payload')
        .addSelect('r.consumed', 'consumed')
        .from(table, 'r')
        .where(`r.model = :model AND ${where} AND ${live}`, { ...params, model, now: Date.now() })
        .limit(1)
        .getRawOne<RecordRow>(),
    );
  const queries = (model: string): McpAuthorizationStoreAdapter => ({
    async upsert(id, payload, expiresIn) {
      const text = (value: unknown) => (typeof value === 'string' ? value : null);
      const row = {
        model,
        id,
        payload: JSON.stringify(payload),
        grant_id: text(payload.grantId),
        uid: text(payload.uid),
        user_code: text(payload.userCode),
        consumed: null, // a replaced record starts unconsumed
        expires_at: expiresIn === undefined ? null : Date.now() + Math.ceil(expiresIn * 1000),
      };
      const columns = ['payload', 'grant_id', 'uid', 'user_code', 'consumed', 'expires_at'];
      await dataSource
        .createQueryBuilder()
        .insert()
        .into(table)
        .values(row)
        .orUpdate(columns, ['model', 'id'])
        .execute();
    },
    find: (id) => findWhere(model, 'r.id = :id', { id }),
    findByUid: (uid) => findWhere(model, 'r.uid = :uid', { uid }),
    findByUserCode: (code) => findWhere(model, 'r.user_code = :code', { code }),
    async consume(id) {
      const result = await dataSource
        .createQueryBuilder()
        .update(table)
        .set({ consumed: Math.floor(Date.now() / 1000) })
        .where(
          'model = :model AND id = :id AND consumed IS NULL AND (expires_at IS NULL OR expires_at > :now)',
          { model, id, now: Date.now() },
        )
        .execute();
      return result.affected === 1;
    },
    async destroy(id) {
      await dataSource
        .createQueryBuilder()
        .delete()
        .from(table)
        .where('model = :model AND id = :id', { model, id })
        .execute();
    },
    async revokeByGrantId(grantId) {
      await dataSource
        .createQueryBuilder()
        .delete()
        .from(table)
        .where('model = :model AND grant_id = :grantId', { model, grantId })
        .execute();
    },
  });
  // Each query is one statement: a deadlock's victim (a token's destroy against its grant's
  // revocation, on InnoDB) is run again by `failures.run` rather than answered as an outage.
  const store = (model: string): McpAuthorizationStoreAdapter =>
    runEachCall(queries(model), (what, statement) => failures.run(what, statement));
  const counters = sqlCountersSupported(dataSource)
    ? new SqlLimitCounters(dataSource, { table: options.counterTable }, failures)
    : undefined;
  return Object.assign(store, {
    ...(counters && { rateLimitCounters: counters }),
    async deleteExpired() {
      const records = await deleteEndedRows(
        dataSource,
        table,
        failures,
        'expires_at IS NOT NULL AND expires_at <= :now',
      );
      return records + (counters ? await counters.deleteExpired() : 0);
    },
  });
}

/** The SQL counters `store` brings along when it is a {@link sqlAuthorizationStore}, if any. */
export function sqlStoreCounters(
  store: McpAuthorizationStore | undefined,
): SqlLimitCounters | undefined {
  const counters = (store as Partial<SqlAuthorizationStore> | undefined)?.rateLimitCounters;
  return counters instanceof SqlLimitCounters ? counters : undefined;
}
