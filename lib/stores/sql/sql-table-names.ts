/**
 * Table names of the SQL stores (`sqlAuthorizationStore`, `SqlTaskStore`, `SqlLimitCounters`,
 * their migration).
 */
export interface McpSqlTableNames {
  /**
   * Table of the authorization server's records (clients, grants, codes, tokens, sessions).
   * Default `'mcp_authorization_records'`; `schema.table` is accepted.
   */
  authorizationTable?: string;
  /** Table of task records. Default `'mcp_tasks'`; `schema.table` is accepted. */
  taskTable?: string;
  /**
   * Table of the shared rate-limit windows (`SqlLimitCounters`). Default `'mcp_limit_counters'`;
   * `schema.table` is accepted.
   */
  counterTable?: string;
}

/** The default table names. */
export const DEFAULT_SQL_TABLE_NAMES: Required<McpSqlTableNames> = {
  authorizationTable: 'mcp_authorization_records',
  taskTable: 'mcp_tasks',
  counterTable: 'mcp_limit_counters',
};

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * `name` checked as a SQL table name (a plain identifier, optionally `schema.table`): it is
 * placed in statements, never a value from a request.
 * @throws RangeError when it is anything else.
 */
export function checkedTableName(name: string): string {
  const parts = name.split('.');
  if (parts.length > 2 || !parts.every((part) => IDENTIFIER.test(part))) {
    throw new RangeError(
      `SQL store: ${JSON.stringify(name)} is not a table name ([A-Za-z_][A-Za-z0-9_]*, optionally schema.table)`,
    );
  }
  return name;
}

/** The table names of `options` with the defaults, each checked. */
export function sqlTableNames(options: McpSqlTableNames = {}): Required<McpSqlTableNames> {
  return {
    authorizationTable: checkedTableName(
      options.authorizationTable ?? DEFAULT_SQL_TABLE_NAMES.authorizationTable,
    ),
    taskTable: checkedTableName(options.taskTable ?? DEFAULT_SQL_TABLE_NAMES.taskTable),
    counterTable: checkedTableName(options.counterTable ?? DEFAULT_SQL_TABLE_NAMES.counterTable),
  };
}

/** The last part of a table name (`schema.table` → `table`), for index names. */
export function bareTableName(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}
