import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import {
  inMemoryAuthorizationStore,
  redisAuthorizationStore,
  sqlAuthorizationStore,
  type McpAuthorizationStore,
} from '../../../../lib/index.js';
import { deleteTestKeys, TEST_REDIS_URL } from '../../../support/redis.js';
import {
  dropTestDatabase,
  openTestDatabase,
  SQL_DATABASE_NAMES,
  testTableNames,
} from '../../../support/sql-databases.js';

/** A store that outlives the app, and how many refresh tokens it holds. */
export interface DurableStore {
  store: McpAuthorizationStore;
  refreshTokens(): Promise<number>;
  close(): Promise<void>;
}

/** The Redis store on the shared Redis under a prefix of its own. */
async function onRedis(): Promise<DurableStore> {
  const prefix = `mcp-test:${randomUUID()}:as:`;
  const redis = new Redis(TEST_REDIS_URL);
  return {
    store: redisAuthorizationStore(redis, { prefix }),
    refreshTokens: async () => (await redis.keys(`${prefix}RefreshToken:*`)).length,
    close: async () => {
      redis.disconnect();
      await deleteTestKeys(prefix);
    },
  };
}

/** The SQL store on `database`, in tables of its own. */
async function onSql(database: (typeof SQL_DATABASE_NAMES)[number]): Promise<DurableStore> {
  const tables = testTableNames();
  const dataSource: DataSource = await openTestDatabase(database, tables);
  return {
    store: sqlAuthorizationStore(dataSource, {
      table: tables.authorizationTable,
      counterTable: tables.counterTable,
    }),
    refreshTokens: async () => {
      const rows = (await dataSource.query(
        `SELECT COUNT(*) AS n FROM ${tables.authorizationTable} WHERE model = 'RefreshToken'`,
      )) as [{ n: string | number }];
      return Number(rows[0].n);
    },
    close: () => dropTestDatabase(dataSource),
  };
}

/** The store in this process's memory (no restart survives it). */
async function inMemory(): Promise<DurableStore> {
  const store = inMemoryAuthorizationStore();
  return {
    store,
    refreshTokens: () => Promise.reject(new Error('not counted in memory')),
    close: async () => undefined,
  };
}

type Opener = [string, () => Promise<DurableStore>];

/** The stores that survive a restart (Redis, PostgreSQL, MariaDB), for `describe.each`. */
export const DURABLE_STORES: Opener[] = [
  ['Redis', onRedis],
  ...SQL_DATABASE_NAMES.map((name): Opener => [name, () => onSql(name)]),
];

/** Every store: memory, then {@link DURABLE_STORES}. */
export const ALL_STORES: Opener[] = [['memory', inMemory], ...DURABLE_STORES];
