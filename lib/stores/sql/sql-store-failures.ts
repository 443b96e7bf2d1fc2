import type { DataSource } from 'typeorm';
import type { McpLogger } from '../../engine/logger.interface.js';
import { StoreFailureLog } from '../store-failure-log.js';
import { retryDeadlocks } from './sql-deadlock-retry.js';

/** The logging option shared by the SQL stores. */
export interface SqlStoreLogOptions {
  /**
   * Where a database outage is logged: its first failure with the driver's text and a
   * reference, then its end, two lines per outage (Nest: `new Logger('McpSqlStores')`).
   * Default `console`.
   */
  logger?: McpLogger;
}

/**
 * Runs a SQL store's queries: a query that fails (database down, connection lost, pool
 * exhausted) rejects with a `StoreUnavailableError` carrying a generic message and a reference,
 * which the MCP endpoint answers 503 + `Retry-After` and the authorization server
 * `temporarily_unavailable`; the driver's text (addresses, SQL) only goes to the log, once per
 * outage ({@link StoreFailureLog}).
 */
export class SqlStoreFailures {
  private readonly log: StoreFailureLog;

  constructor(store: string, dataSource: DataSource, logger: McpLogger = console) {
    this.log = new StoreFailureLog(store, `the ${dataSource.options.type} database`, logger);
  }

  /**
   * Runs `query`, one SQL statement or one transaction: again when the database rolled it back
   * whole as a deadlock's victim (`retryDeadlocks`); any other failure becomes the store's generic
   * error (see the class).
   */
  run<T>(what: string, query: () => Promise<T>): Promise<T> {
    return this.log.run(what, () => retryDeadlocks(query));
  }
}
