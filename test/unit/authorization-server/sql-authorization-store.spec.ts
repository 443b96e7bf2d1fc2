import type { DataSource } from 'typeorm';
import { sqlAuthorizationStore } from '../../../lib/authorization-server/store/sql-authorization-store.js';
import { authorizationStoreContract } from '../../support/authorization-store-contract.js';
import {
  dropTestDatabase,
  openTestDatabase,
  SQL_DATABASE_NAMES,
  testTableNames,
} from '../../support/sql-databases.js';

import.meta.jest.setTimeout(60_000);

describe.each(SQL_DATABASE_NAMES)('sqlAuthorizationStore on %s', (database) => {
  const tables = testTableNames();
  let dataSource: DataSource;
  afterAll(() => dropTestDatabase(dataSource));

  authorizationStoreContract(async () => {
    dataSource = await openTestDatabase(database, tables);
    return sqlAuthorizationStore(dataSource, { table: tables.authorizationTable });
  });

  it('deletes the expired rows on cleanup, and only those', async () => {
    const store = sqlAuthorizationStore(dataSource, {
      table: tables.authorizationTable,
      counterTable: tables.counterTable,
    });
    await store('AccessToken').upsert('gone', { grantId: 'g9' }, 0.001);
    await store('AccessToken').upsert('kept', { grantId: 'g9' }, 60);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await store.deleteExpired()).toBeGreaterThanOrEqual(1);
    const [{ n }] = (await dataSource.query(
      `SELECT COUNT(*) AS n FROM ${tables.authorizationTable} WHERE id = 'gone'`,
    )) as [{ n: string | number }];
    expect(Number(n)).toBe(0);
    expect(await store('AccessToken').find('kept')).toEqual({ grantId: 'g9' });
  });

  it('deletes the ended rate-limit windows in the same cleanup, and only those', async () => {
    const store = sqlAuthorizationStore(dataSource, {
      table: tables.authorizationTable,
      counterTable: tables.counterTable,
    });
    await store.rateLimitCounters!.hit('ended', 1);
    await store.rateLimitCounters!.hit('live', 60_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await store.deleteExpired()).toBeGreaterThanOrEqual(1);
    const rows = (await dataSource.query(
      `SELECT counter_key FROM ${tables.counterTable} ORDER BY counter_key`,
    )) as { counter_key: string }[];
    expect(rows.map((row) => row.counter_key)).toEqual(['live']);
  });

  it('refuses a table name that is not an identifier', () => {
    expect(() => sqlAuthorizationStore(dataSource, { table: 'x; DROP TABLE y' })).toThrow(
      RangeError,
    );
  });
});
