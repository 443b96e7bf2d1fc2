import { DataSource } from 'typeorm';
import { RedisConnection } from '../../../lib/stores/redis/redis-connection.js';
import {
  RedisLimitCounters,
  sqlAuthorizationStore,
  type McpAuthorizationServerModuleOptions,
} from '../../../lib/index.js';
import { deleteTestKeys, testRedisOptions } from '../../support/redis.js';
import {
  dropTestDatabase,
  openTestDatabase,
  SQL_DATABASE_NAMES,
  testDataSourceOptions,
  testTableNames,
  type SqlDatabaseName,
} from '../../support/sql-databases.js';
import { bootDemo, type BootedDemo } from './support/boot-demo.js';
import { postForm, register } from './support/raw-oauth.js';

import.meta.jest.setTimeout(60_000);

/**
 * Where the instances count: each instance's own options pointing at the shared counters (its
 * own connection, as a separate process would have), and how to clean up.
 */
interface CounterHome {
  instanceOptions(): Promise<Partial<McpAuthorizationServerModuleOptions>>;
  close(): Promise<void>;
}

/** Redis counters given as `rateLimitCounters`, one connection per instance, one key prefix. */
async function onRedis(): Promise<CounterHome> {
  const options = testRedisOptions();
  const connections: RedisConnection[] = [];
  return {
    instanceOptions: async () => {
      const connection = await RedisConnection.open(options);
      connections.push(connection);
      return { rateLimitCounters: new RedisLimitCounters(connection) };
    },
    close: async () => {
      for (const connection of connections) connection.close();
      await deleteTestKeys(options.keyPrefix);
    },
  };
}

/**
 * Only a `sqlAuthorizationStore` (no Redis anywhere, no `rateLimitCounters`): the budgets count
 * in its SQL counters. Each instance has its own `DataSource` on tables of the run's own.
 */
async function onSql(database: SqlDatabaseName): Promise<CounterHome> {
  const tables = testTableNames();
  const migrated = await openTestDatabase(database, tables);
  const sources: DataSource[] = [];
  return {
    instanceOptions: async () => {
      const dataSource = new DataSource(testDataSourceOptions(database, tables));
      sources.push(await dataSource.initialize());
      return {
        store: sqlAuthorizationStore(dataSource, {
          table: tables.authorizationTable,
          counterTable: tables.counterTable,
        }),
      };
    },
    close: async () => {
      await Promise.all(sources.map((source) => source.destroy()));
      await dropTestDatabase(migrated);
    },
  };
}

const HOMES: [string, () => Promise<CounterHome>][] = [
  ['Redis counters', onRedis],
  ...SQL_DATABASE_NAMES.map((name): [string, () => Promise<CounterHome>] => [
    `the SQL store's counters on ${name}`,
    () => onSql(name),
  ]),
];

/**
 * Issue 38 row 6, issue 43: the authorization server's registration and token budgets hold for
 * the whole service when its instances share limit counters (two apps on their own ports, each
 * with its own connection), in Redis or in the app's SQL database, not once per instance.
 */
describe.each(HOMES)('McpAuthorizationServerModule: rate limits shared in %s', (_name, open) => {
  let home: CounterHome;
  let a: BootedDemo;
  let b: BootedDemo;

  beforeAll(async () => {
    home = await open();
    const instance = async () =>
      bootDemo('github', {
        rateLimits: {
          registration: { limit: 3, windowMs: 60_000 },
          token: { limit: 4, windowMs: 60_000 },
        },
        ...(await home.instanceOptions()),
      });
    a = await instance();
    b = await instance();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await home?.close();
  });

  it('refuses the fourth registration from one address, whichever instance takes it', async () => {
    const statuses = [];
    for (const demo of [a, b, a, b, a]) statuses.push((await register(demo.issuer)).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  it('admits exactly the budget of 10 concurrent token requests spread over both', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        postForm(`${[a, b][i % 2]!.issuer}/oauth/token`, {
          grant_type: 'authorization_code',
          code: `not-a-code-${i}`,
          client_id: 'nobody',
        }),
      ),
    );
    const limited = answers.filter((answer) => answer.status === 429).length;
    expect({ admitted: answers.length - limited, limited }).toEqual({ admitted: 4, limited: 6 });
  });
});
