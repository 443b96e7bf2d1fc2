import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { WindowCounters, WindowHit } from '../limit-counters.interface.js';
import type { McpReplayCache } from '../replay-cache.interface.js';
import { checkedTableName, DEFAULT_SQL_TABLE_NAMES } from './sql-table-names.js';
import { SqlStoreFailures, type SqlStoreLogOptions } from './sql-store-failures.js';
import { deleteEndedRows } from './delete-ended-rows.js';

/** Options of {@link SqlLimitCounters}. */
export interface SqlLimitCountersOptions extends SqlStoreLogOptions {
  /** The windows' table (made by `mcpSqlStoresMigration`). Default `'mcp_limit_counters'`. */
  table?: string | undefined;
}

/** One window as the upsert leaves it. */
interface WindowRow {
  hits: string | number;
  window_ends_at: string | number;
}

/** The dialects whose upsert {@link SqlLimitCounters} speaks. */
const DIALECTS = ['postgres', 'mysql', 'mariadb'] as const;
type Dialect = (typeof DIALECTS)[number];

/** True when {@link SqlLimitCounters} can count on `dataSource`'s database. */
export function sqlCountersSupported(dataSource: DataSource): boolean {
  return (DIALECTS as readonly string[]).includes(dataSource.options.type);
}

/**
 * Fixed-window rate counters in the app's own SQL database (PostgreSQL, MySQL, MariaDB), shared
 * by the instances of a service, for the authorization server's `rateLimitCounters` when the app
 * keeps its records in SQL rather than Redis. One row per key: a hit is one atomic upsert that
 * starts a new window (1 hit) when the row's window has ended and adds one otherwise
 * (`INSERT ... ON CONFLICT DO UPDATE ... RETURNING` on PostgreSQL; `INSERT ... ON DUPLICATE KEY
 * UPDATE` then a read of the row in one transaction on MySQL/MariaDB, the row locked by the
 * upsert until it commits), so concurrent hits on any number of instances are each counted once.
 * Also an {@link McpReplayCache} (a claim is the first hit of a window as long as the id is
 * remembered). Ended windows stay until {@link deleteExpired} removes them (a
 * `sqlAuthorizationStore`'s own `deleteExpired` calls it for the counters it brings along; run
 * it from a job for counters used on their own).
 * @throws StoreUnavailableError from every method while the database cannot be reached.
 * @throws RangeError from the constructor on another database type.
 */
export class SqlLimitCounters implements WindowCounters, McpReplayCache {
  private readonly table: string;
  private readonly dialect: Dialect;
  private readonly failures: SqlStoreFailures;

  /**
   * @param failures the failure log of a store on the same database, so one outage is logged
   *   once (`sqlAuthorizationStore` passes its own); default one of the counters' own.
   */
  constructor(
    private readonly dataSource: DataSource,
    options: SqlLimitCountersOptions = {},
    failures?: SqlStoreFailures,
  ) {
    this.table = checkedTableName(options.table ?? DEFAULT_SQL_TABLE_NAMES.counterTable);
    if (!sqlCountersSupported(dataSource)) {
      throw new RangeError(
        `SqlLimitCounters: ${dataSource.options.type} is not supported (${DIALECTS.join(', ')})`,
      );
    }
    this.dialect = dataSource.options.type as Dialect;
    this.failures =
      failures ?? new SqlStoreFailures('SQL limit counters', dataSource, options.logger);
  }

  async hit(key: string, windowMs: number): Promise<Pick<WindowHit, 'hits' | 'resetInMs'>> {
    const now = Date.now();
    key = rowKey(key);
    const row = await this.failures.run('hit', () =>
      this.dialect === 'postgres'
        ? this.upsertPostgres(key, now, now + Math.ceil(windowMs))
        : this.upsertMysql(key, now, now + Math.ceil(windowMs)),
    );
    return { hits: Number(row.hits), resetInMs: Math.max(0, Number(row.window_ends_at) - now) };
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    return (await this.hit(`once:${key}`, ttlMs)).hits === 1;
  }

  /** Deletes the windows that have ended; resolves how many. */
  async deleteExpired(): Promise<number> {
    return deleteEndedRows(this.dataSource, this.table, this.failures, 'window_ends_at <= :now');
  }

  private async upsertPostgres(key: string, now: number, endsAt: number): Promise<WindowRow> {
    const rows = (await this.dataSource.query(
      `INSERT INTO ${this.table} AS w (counter_key, hits, window_ends_at) VALUES ($1, 1, $2)
       ON CONFLICT (counter_key) DO UPDATE SET
         hits = CASE WHEN w.window_ends_at <= $3 THEN 1 ELSE w.hits + 1 END,
         window_ends_at = CASE WHEN w.window_ends_at <= $3 THEN EXCLUDED.window_ends_at
           ELSE w.window_ends_at END
       RETURNING hits, window_ends_at`,
      [key, endsAt, now],
    )) as WindowRow[];
    return rows[0]!;
  }

  private upsertMysql(key: string, now: number, endsAt: number): Promise<WindowRow> {
    // MySQL applies the assignments left to right: `hits` is set while `window_ends_at` still
    // holds the old window, which the second assignment then reads as well.
    return this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO ${this.table} (counter_key, hits, window_ends_at) VALUES (?, 1, ?)
         ON DUPLICATE KEY UPDATE
           hits = IF(window_ends_at <= ?, 1, hits + 1),
           window_ends_at = IF(window_ends_at <= ?, ?, window_ends_at)`,
        [key, endsAt, now, now, endsAt],
      );
      const rows = (await manager.query(
        `SELECT hits, window_ends_at FROM ${this.table} WHERE counter_key = ?`,
        [key],
      )) as WindowRow[];
      return rows[0]!;
    });
  }
}

/** `key` as it fits the key column: a long one (a DPoP `jkt:jti`) by its SHA-256. */
function rowKey(key: string): string {
  if (key.length <= 200) return key;
  return `sha256:${createHash('sha256').update(key).digest('base64url')}`;
}
