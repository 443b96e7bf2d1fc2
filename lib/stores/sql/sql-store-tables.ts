import type { EntitySchemaOptions, TableOptions } from 'typeorm';
import { bareTableName, sqlTableNames, type McpSqlTableNames } from './sql-table-names.js';

/** One column of a SQL store table, in the terms shared by an entity and a migration. */
interface ColumnSpec {
  name: string;
  type: 'varchar' | 'text' | 'bigint';
  length?: number;
  nullable?: boolean;
  primary?: boolean;
}

/** One table of the SQL stores: its columns and its indexes (columns by name). */
interface TableSpec {
  name: string;
  columns: ColumnSpec[];
  indexes: Record<string, string[]>;
}

/**
 * The authorization server's records: one row per record of one model (`payload` the JSON
 * record), the three lookups indexed, `consumed` (epoch seconds) set once by a conditional
 * UPDATE, `expires_at` (epoch ms) indexed for reads and the cleanup.
 */
function authorizationTable(name: string): TableSpec {
  const short = bareTableName(name);
  return {
    name,
    columns: [
      { name: 'model', type: 'varchar', length: 64, primary: true },
      { name: 'id', type: 'varchar', length: 255, primary: true },
      { name: 'payload', type: 'text' },
      { name: 'grant_id', type: 'varchar', length: 255, nullable: true },
      { name: 'uid', type: 'varchar', length: 255, nullable: true },
      { name: 'user_code', type: 'varchar', length: 255, nullable: true },
      { name: 'consumed', type: 'bigint', nullable: true },
      { name: 'expires_at', type: 'bigint', nullable: true },
    ],
    indexes: {
      [`${short}_grant`]: ['model', 'grant_id'],
      [`${short}_uid`]: ['model', 'uid'],
      [`${short}_user_code`]: ['model', 'user_code'],
      [`${short}_expiry`]: ['expires_at'],
    },
  };
}

/**
 * Task records: the JSON record, its owner as a SHA-256 hex key (a principal may be long),
 * creation time for `list` (newest first), expiry (epoch ms).
 */
function taskTable(name: string): TableSpec {
  const short = bareTableName(name);
  return {
    name,
    columns: [
      { name: 'task_id', type: 'varchar', length: 255, primary: true },
      { name: 'owner_key', type: 'varchar', length: 64 },
      { name: 'created_at', type: 'bigint' },
      { name: 'record', type: 'text' },
      { name: 'expires_at', type: 'bigint', nullable: true },
    ],
    indexes: {
      [`${short}_owner`]: ['owner_key', 'created_at'],
      [`${short}_expiry`]: ['expires_at'],
    },
  };
}

/**
 * Rate-limit windows: hits counted in the window ending at `window_ends_at` (epoch ms), indexed
 * for the cleanup.
 */
function counterTable(name: string): TableSpec {
  return {
    name,
    columns: [
      { name: 'counter_key', type: 'varchar', length: 255, primary: true },
      { name: 'hits', type: 'bigint' },
      { name: 'window_ends_at', type: 'bigint' },
    ],
    indexes: { [`${bareTableName(name)}_window`]: ['window_ends_at'] },
  };
}

/** The tables of the SQL stores with `names`. */
export function sqlStoreTables(names?: McpSqlTableNames): TableSpec[] {
  const {
    authorizationTable: records,
    taskTable: tasks,
    counterTable: counters,
  } = sqlTableNames(names);
  return [authorizationTable(records), taskTable(tasks), counterTable(counters)];
}

/** `spec` as TypeORM's `Table` options (the migration). */
export function tableOptions(spec: TableSpec): TableOptions {
  return {
    name: spec.name,
    columns: spec.columns.map((c) => ({
      name: c.name,
      type: c.type,
      ...(c.length !== undefined && { length: String(c.length) }),
      isNullable: c.nullable ?? false,
      isPrimary: c.primary ?? false,
    })),
    indices: Object.entries(spec.indexes).map(([name, columnNames]) => ({ name, columnNames })),
  };
}

/** `spec` as TypeORM's `EntitySchema` options (the entities, for `synchronize` or generation). */
export function entityOptions(spec: TableSpec): EntitySchemaOptions<Record<string, unknown>> {
  const [schema, table] = spec.name.includes('.') ? spec.name.split('.') : [undefined, spec.name];
  return {
    name: `McpSql_${spec.name}`,
    tableName: table,
    ...(schema !== undefined && { schema }),
    columns: Object.fromEntries(
      spec.columns.map((c) => [
        c.name,
        {
          type: c.type,
          ...(c.length !== undefined && { length: c.length }),
          nullable: c.nullable ?? false,
          primary: c.primary ?? false,
        },
      ]),
    ),
    indices: Object.entries(spec.indexes).map(([name, columns]) => ({ name, columns })),
  };
}
