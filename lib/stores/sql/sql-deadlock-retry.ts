/** What a driver error carries (TypeORM's `QueryFailedError` copies it and keeps `driverError`). */
interface DriverFailure {
  code?: unknown;
  errno?: unknown;
  driverError?: DriverFailure;
}

/**
 * True when the database chose this statement as a deadlock's (or a serialization failure's)
 * victim and rolled it back whole: MySQL and MariaDB `ER_LOCK_DEADLOCK` (errno 1213), PostgreSQL
 * SQLSTATE `40P01` (deadlock detected) and `40001` (serialization failure).
 */
export function isDeadlock(error: unknown): boolean {
  for (let e = error as DriverFailure | undefined; e; e = e.driverError) {
    if (e.errno === 1213 || e.code === 'ER_LOCK_DEADLOCK') return true;
    if (e.code === '40P01' || e.code === '40001') return true;
  }
  return false;
}

/**
 * Runs one SQL statement or one transaction, again when the database rolled it back whole as a
 * deadlock's victim (at most `attempts` runs in all): two statements of a race that lock the same
 * rows in opposite orders (a delete by key against a delete by a secondary index, on InnoDB)
 * deadlock now and then, and the victim's retry then finds the rows as the winner left them. A
 * rolled-back statement or transaction changed nothing, so running it again is safe; a unit of
 * several transactions is not. Other failures pass through.
 */
export async function retryDeadlocks<T>(statement: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error;
    }
  }
}
