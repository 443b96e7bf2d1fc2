import type { DataSource } from 'typeorm';
import type { SqlStoreFailures } from './sql-store-failures.js';

/**
 * The cleanup of the SQL stores: deletes the rows of `table` that `where` says have ended (with
 * `:now` bound to the current time), through the store's failure log; resolves how many.
 */
export async function deleteEndedRows(
  dataSource: DataSource,
  table: string,
  failures: SqlStoreFailures,
  where: string,
): Promise<number> {
  const result = await failures.run('cleanup', () =>
    dataSource
      .createQueryBuilder()
      .delete()
      .from(table)
      .where(where, { now: Date.now() })
      .execute(),
  );
  return result.affected ?? 0;
}
