import { DataSource } from 'typeorm';
import { SqlLimitCounters } from '../../../../lib/stores/sql/sql-limit-counters.js';
import {
  dropTestDatabase,
  openTestDatabase,
  SQL_DATABASE_NAMES,
  testDataSourceOptions,
  testTableNames,
} from '../../../support/sql-databases.js';

import.meta.jest.setTimeout(60_000);

describe.each(SQL_DATABASE_NAMES)('SqlLimitCounters on %s', (database) => {
  const tables = testTableNames();
  let dataSource: DataSource;
  let other: DataSource;
  let counters: SqlLimitCounters;
  let otherCounters: SqlLimitCounters;
  beforeAll(async () => {
    dataSource = await openTestDatabase(database, tables);
    other = await new DataSource(testDataSourceOptions(database, tables)).initialize();
    counters = new SqlLimitCounters(dataSource, { table: tables.counterTable });
    otherCounters = new SqlLimitCounters(other, { table: tables.counterTable });
  });
  afterAll(async () => {
    await other?.destroy();
    await dropTestDatabase(dataSource);
  });

  it('counts each of 40 concurrent hits from two connections once', async () => {
    const hits = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? counters : otherCounters).hit('k', 60_000)),
    );
    expect(hits.map((h) => h.hits).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    for (const hit of hits) expect(hit.resetInMs).toBeGreaterThan(0);
    expect((await counters.hit('k', 60_000)).hits).toBe(41);
    expect((await counters.hit('another', 60_000)).hits).toBe(1);
  });

  it('starts a new window once the old one has ended, and the cleanup deletes ended ones', async () => {
    expect((await counters.hit('short', 1)).hits).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await counters.hit('short', 60_000)).hits).toBe(1); // the 1 ms window had ended
    expect((await counters.hit('short', 60_000)).hits).toBe(2);
    await counters.hit('gone', 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await counters.deleteExpired()).toBeGreaterThanOrEqual(1);
    expect((await counters.hit('short', 60_000)).hits).toBe(3); // a live window is kept
  });

  it('claims a one-time id once across connections, however long the id', async () => {
    const id = `jkt:${'j'.repeat(300)}`;
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? counters : otherCounters).claim(id, 60_000)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await counters.claim(`${id}-other`, 60_000)).toBe(true);
  });

  it('refuses a database type it cannot upsert on', () => {
    const sqlite = { options: { type: 'sqlite' } } as unknown as DataSource;
    expect(() => new SqlLimitCounters(sqlite)).toThrow(RangeError);
  });
});
