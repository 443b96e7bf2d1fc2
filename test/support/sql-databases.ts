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

/** Table names of their own for one test run, so parallel specs never share rows. */
export function testTableNames(): Required<McpSqlTableNames> {
  const run = randomBytes(5).toString('hex');
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

/** An initialised DataSource on `database` with the stores' tables `tables` migrated in. */
export async function openTestDatabase(
  database: SqlDatabaseName,
  tables: McpSqlTableNames,
): Promise<DataSource> {
  const dataSource = new DataSource(testDataSourceOptions(database, tables));
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'all' });
  return dataSource;
}

/** Drops the tables of `tables` (the migration's `down`) and closes `dataSource`. */
export async function dropTestDatabase(dataSource: DataSource | undefined): Promise<void> {
  if (!dataSource?.isInitialized) return;
  try {
    await dataSource.undoLastMigration({ transaction: 'all' });
  } finally {
    await dataSource.destroy();
  }
}
