import 'reflect-metadata';
import { TypeOrmModule } from '@nestjs/typeorm';
import { lastValueFrom, toArray } from 'rxjs';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import {
  McpClient,
  McpModule,
  SqlTaskStore,
  StreamableHttpClientTransport,
} from '../../../lib/index.js';
import { bootApp, type BootedApp } from '../nest/support/nest-app.js';
import {
  dropTestDatabase,
  openTestDatabase,
  SQL_DATABASE_NAMES,
  SQL_DATABASES,
  testTableNames,
} from '../../support/sql-databases.js';
import { TaskTools } from './task-tools.js';

import.meta.jest.setTimeout(60_000);

/**
 * Tasks on the SQL task store outlive the app: the app keeps them through its own TypeORM
 * `DataSource` (`TypeOrmModule.forRoot`, the store made in `McpModule.forRootAsync` from the
 * injected `DataSource`); a task finished before a restart is read after it, by a new client.
 */
describe.each(SQL_DATABASE_NAMES)('SqlTaskStore on %s across a restart', (database) => {
  const tables = testTableNames();
  let schema: DataSource;
  beforeAll(async () => {
    schema = await openTestDatabase(database, tables);
  });
  afterAll(() => dropTestDatabase(schema));

  const instance = (port?: number): Promise<BootedApp> =>
    bootApp({
      ...(port !== undefined && { port }),
      imports: [
        TypeOrmModule.forRoot({ ...SQL_DATABASES[database] }),
        McpModule.forRootAsync({
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => ({
            name: 'sql-tasks',
            version: '1.0.0',
            tasks: { store: new SqlTaskStore(dataSource, { table: tables.taskTable }) },
          }),
        }),
      ],
      providers: [TaskTools],
    });

  const connect = async (app: BootedApp) => {
    const client = new McpClient({
      transport: new StreamableHttpClientTransport(app.url()),
      capabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } },
    });
    await client.connect();
    return client;
  };

  it('reads a task created before the restart after it', async () => {
    let app = await instance();
    const port = Number(new URL(app.origin).port);
    let client = await connect(app);
    const events = await lastValueFrom(
      client.callToolAsTask$('build_report', { month: '2026-11' }).pipe(toArray()),
    );
    const created = events[0] as { type: 'created'; task: { taskId: string } };
    expect(created.type).toBe('created');
    await client.close();
    await app.close();

    app = await instance(port);
    try {
      client = await connect(app);
      // The modern wire shape (ttlMs), read as is: the client's typed tasks/get is the 2025 one.
      const request = client.request.bind(client) as (
        method: string,
        params: unknown,
        options: { schema: z.ZodType },
      ) => Promise<unknown>;
      const task = await request(
        'tasks/get',
        { taskId: created.task.taskId },
        { schema: z.record(z.string(), z.unknown()) },
      );
      expect(task).toMatchObject({ taskId: created.task.taskId, status: 'completed' });
      await client.close();
    } finally {
      await app.close();
    }
  });
});
