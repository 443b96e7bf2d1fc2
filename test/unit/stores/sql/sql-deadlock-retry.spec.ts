import type { DataSource } from 'typeorm';
import { StoreUnavailableError } from '../../../../lib/errors/store-unavailable.error.js';
import type { McpLogger } from '../../../../lib/engine/logger.interface.js';
import { isDeadlock, retryDeadlocks } from '../../../../lib/stores/sql/sql-deadlock-retry.js';
import { SqlStoreFailures } from '../../../../lib/stores/sql/sql-store-failures.js';

/** A statement that fails with each of `failures` in turn, then answers `value`. */
function failingThen<T>(failures: unknown[], value: T) {
  let runs = 0;
  const statement = async () => {
    const failure = failures[runs];
    runs += 1;
    if (failure !== undefined) throw failure;
    return value;
  };
  return { statement, runs: () => runs };
}

const mariaDbDeadlock = { code: 'ER_LOCK_DEADLOCK', errno: 1213 };

describe('SQL statements chosen as a deadlock victim', () => {
  it('knows the deadlock and serialization errors of MySQL/MariaDB and PostgreSQL, also wrapped', () => {
    expect(isDeadlock(mariaDbDeadlock)).toBe(true);
    expect(isDeadlock({ errno: 1213 })).toBe(true);
    expect(isDeadlock({ code: '40P01' })).toBe(true);
    expect(isDeadlock({ code: '40001' })).toBe(true);
    // TypeORM's QueryFailedError keeps the driver's error.
    expect(isDeadlock({ message: 'x', driverError: { code: '40P01' } })).toBe(true);
    expect(isDeadlock({ code: 'ECONNREFUSED' })).toBe(false);
    expect(isDeadlock({ errno: 1205 })).toBe(false); // a lock wait timeout is not rolled back whole
    expect(isDeadlock(undefined)).toBe(false);
  });

  it('runs a deadlock victim again and answers what the retry answered', async () => {
    const { statement, runs } = failingThen([mariaDbDeadlock, { code: '40P01' }], 'done');
    await expect(retryDeadlocks(statement)).resolves.toBe('done');
    expect(runs()).toBe(3);
  });

  it('does not retry another failure', async () => {
    const down = { code: 'ECONNREFUSED' };
    const { statement, runs } = failingThen([down], 'never');
    await expect(retryDeadlocks(statement)).rejects.toBe(down);
    expect(runs()).toBe(1);
  });

  it('gives up after its attempts with the last deadlock', async () => {
    const last = { errno: 1213, n: 3 };
    const { statement, runs } = failingThen([mariaDbDeadlock, mariaDbDeadlock, last], 'never');
    await expect(retryDeadlocks(statement)).rejects.toBe(last);
    expect(runs()).toBe(3);
  });
});

describe('SqlStoreFailures.run (every query of the SQL stores)', () => {
  const logged: unknown[] = [];
  const logger: McpLogger = {
    warn: (message) => logged.push(message),
    error: (message) => logged.push(message),
  };
  const failures = new SqlStoreFailures(
    'SQL test store',
    { options: { type: 'mariadb' } } as DataSource,
    logger,
  );
  beforeEach(() => (logged.length = 0));

  it('runs a deadlock victim (a statement or a whole transaction) again: no outage, nothing logged', async () => {
    const { statement, runs } = failingThen([mariaDbDeadlock], 'row');
    await expect(failures.run('update', statement)).resolves.toBe('row');
    expect(runs()).toBe(2);
    expect(logged).toEqual([]);
  });

  it('answers any other failure as the store being unavailable, without running it again', async () => {
    const down = { code: 'ECONNREFUSED', message: 'connect 127.0.0.1' };
    const { statement, runs } = failingThen([down], 'never');
    await expect(failures.run('update', statement)).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(runs()).toBe(1);
    expect(logged).toHaveLength(1);
  });
});
