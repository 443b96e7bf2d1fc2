import { randomBytes } from 'node:crypto';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { mcpSqlStoresMigration } from '../../lib/stores/sql/sql-stores-schema.js';
import type { McpSqlTableNames } from '../../lib/stores/sql/sql-table-names.js';

/**
 * The SQL databases the tests run the SQL stores on: the local PostgreSQL (`PG_URL`, default
 * postgres://postgres@127.0.0.1:5432/test) and MariaDB (`MARIADB_URL`, default
 * mysql://root@127.0.0.1:3306/test), both services of the CI machines (`.ci/run` waits for them).
 */
export const SQL_DATABASES = {
  PostgreSQL: {
    type: 'postgres',
    url: process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  },
  MariaDB: {
    type: 'mariadb',
    url: process.env.MARIADB_URL ?? 'mysql://root@127.0.0.1:3306/test',
  },
} as const satisfies Record<string, DataSourceOptions>;

/** The name of one of {@link SQL_DATABASES}. */
export type SqlDatabaseName = keyof typeof SQL_DATABASES;

/** The database names, for `describe.each`. */
export const SQL_DATABASE_NAMES = Object.keys(SQL_DATABASES) as SqlDatabaseName[];

/**
 * A run's table names start `mcp_t`, then its start (epoch seconds, 8 hex digits), then 6 random
 * hex digits, then `_`.
 */
const RUN_TABLE = /^mcp_t([0-9a-f]{8})[0-9a-f]{6}_/;
/** Tables of runs older than this are left over (a killed run): {@link openTestDatabase} drops them. */
const LEFT_OVER_AFTER_MS = 2 * 60 * 60 * 1000;

/** Table names of their own for one test run, so parallel specs never share rows. */
export function testTableNames(): Required<McpSqlTableNames> {
  const started = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  const run = `${started}${randomBytes(3).toString('hex')}`;
  return {
    authorizationTable: `mcp_t${run}_as`,
    taskTable: `mcp_t${run}_tasks`,
    counterTable: `mcp_t${run}_counters`,
  };
}

/** The DataSource options of `database` with the stores' migration for `tables`. */
export function testDataSourceOptions(
  database: SqlDatabaseName,
  tables: McpSqlTableNames,
): DataSourceOptions {
  return {
    ...SQL_DATABASES[database],
    migrations: [mcpSqlStoresMigration(tables)],
    // A migrations table of the run's own: with a shared one, a run would skip the migration
    // another worker recorded and find no tables of its own.
    migrationsTableName: `${tables.authorizationTable ?? 'mcp'}_migrations`,
  };
}

/**
 * An initialised DataSource on `database` with the stores' tables `tables` migrated in; first
 * drops what runs that never cleaned up (killed, timed out) left in the shared database.
 */
export async function openTestDatabase(
  database: SqlDatabaseName,
  tables: McpSqlTableNames,
): Promise<DataSource> {
  const dataSource = new DataSource(testDataSourceOptions(database, tables));
  await dataSource.initialize();
  await dropLeftOverTables(dataSource);
  await dataSource.runMigrations({ transaction: 'all' });
  return dataSource;
}

/** Drops the tables of test runs that started more than {@link LEFT_OVER_AFTER_MS} ago. */
async function dropLeftOverTables(dataSource: DataSource): Promise<void> {
  const schema = dataSource.options.type === 'postgres' ? 'current_schema()' : 'DATABASE()';
  const rows = (await dataSource.query(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = ${schema} AND table_name LIKE 'mcp\\_t%'`,
  )) as { name: string }[];
  const before = Date.now() - LEFT_OVER_AFTER_MS;
  const stale = rows
    .map((row) => row.name)
    .filter((name) => {
      const started = RUN_TABLE.exec(name)?.[1];
      return started !== undefined && parseInt(started, 16) * 1000 < before;
    });
  if (stale.length === 0) return;
  const runner = dataSource.createQueryRunner();
  try {
    for (const name of stale) await runner.dropTable(name, true);
  } finally {
    await runner.release();
  }
}

/**
 * Drops the tables of `tables` (the migration's `down`) and the run's own migrations table, so
 * nothing of the run is left in the shared database, and closes `dataSource`.
 */
export async function dropTestDatabase(dataSource: DataSource | undefined): Promise<void> {
  if (!dataSource?.isInitialized) return;
  try {
    await dataSource.undoLastMigration({ transaction: 'all' });
    const migrations = dataSource.options.migrationsTableName;
    if (migrations !== undefined) {
      const runner = dataSource.createQueryRunner();
      try {
        await runner.dropTable(migrations, true);
      } finally {
        await runner.release();
      }
    }
  } finally {
    await dataSource.destroy();
  }
}
