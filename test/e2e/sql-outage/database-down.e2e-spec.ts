import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { McpModule, SqlTaskStore, sqlAuthorizationStore } from '../../../lib/index.js';
import { PausableTcpProxy } from '../../support/pausable-tcp-proxy.js';
import { capturingLogger, expectTemporarilyUnavailable } from '../../support/store-outage.js';
import {
  dropTestDatabase,
  openTestDatabase,
  SQL_DATABASE_NAMES,
  SQL_DATABASES,
  testTableNames,
} from '../../support/sql-databases.js';
import { bootDemo, type BootedDemo } from '../authorization-server/support/boot-demo.js';
import { postForm, register } from '../authorization-server/support/raw-oauth.js';
import { bootApp, type BootedApp } from '../nest/support/nest-app.js';
import { waitFor } from '../../support/redis-server.js';
import { TaskTools } from '../tasks/task-tools.js';

import.meta.jest.setTimeout(60_000);

/** What must never reach a client: driver text, addresses, SQL. */
const DRIVER_TEXT =
  /ECONN|127\.0\.0\.1:\d|Connection (terminated|lost)|SELECT|INSERT|UPDATE|mcp_t[0-9a-f]+|QueryFailed|pool/i;

const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
};

/**
 * A database that goes down under a running app (cut off by a proxy in front of the shared
 * server): the authorization server's endpoints answer 503 + `Retry-After` with the OAuth error
 * `temporarily_unavailable`, the MCP endpoint answers a task read 503 + `Retry-After` with a
 * JSON-RPC error, none of them carries the driver's text, each store logs the outage once and
 * its end once, and everything works again when the database is back.
 */
describe.each(SQL_DATABASE_NAMES)('SQL stores on %s while the database is down', (database) => {
  const tables = testTableNames();
  let schema: DataSource;
  let proxy: PausableTcpProxy;
  let dataSource: DataSource;
  let demo: BootedDemo;
  let tasksApp: BootedApp;
  const asLog = capturingLogger();
  const taskLog = capturingLogger();

  beforeAll(async () => {
    schema = await openTestDatabase(database, tables);
    const target = new URL(SQL_DATABASES[database].url);
    proxy = await PausableTcpProxy.start(target.hostname, Number(target.port));
    dataSource = new DataSource({
      ...SQL_DATABASES[database],
      url: proxy.rewrite(SQL_DATABASES[database].url),
    });
    await dataSource.initialize();
    demo = await bootDemo('github', {
      store: sqlAuthorizationStore(dataSource, {
        table: tables.authorizationTable,
        counterTable: tables.counterTable,
        logger: asLog,
      }),
    });
    tasksApp = await bootApp({
      imports: [
        McpModule.forRoot({
          name: 'sql-outage',
          version: '1.0.0',
          tasks: {
            store: new SqlTaskStore(dataSource, { table: tables.taskTable, logger: taskLog }),
          },
        }),
      ],
      providers: [TaskTools],
    });
  });
  afterAll(async () => {
    await tasksApp?.close();
    await demo?.close();
    await proxy?.close();
    await dataSource?.destroy().catch(() => undefined);
    await dropTestDatabase(schema);
  });

  const token = (clientId: string) =>
    postForm(`${demo.issuer}/oauth/token`, {
      grant_type: 'authorization_code',
      code: 'not-a-code',
      redirect_uri: 'http://127.0.0.1:9/callback',
      code_verifier: 'v'.repeat(43),
      client_id: clientId,
    });

  const taskRead = async (session: string) => {
    const response = await fetch(tasksApp.url(), {
      method: 'POST',
      headers: { ...MCP_HEADERS, 'mcp-session-id': session },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tasks/get',
        params: { taskId: 'a-task-nobody-made' },
      }),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };

  it('answers 503 + Retry-After without driver text, logs the outage once, and recovers', async () => {
    const registered = await register(demo.issuer);
    expect(registered.status).toBe(201);
    const clientId = String(registered.body.client_id);
    const init = await fetch(tasksApp.url(), {
      method: 'POST',
      headers: MCP_HEADERS,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: { tasks: {} },
          clientInfo: { name: 'raw', version: '1' },
        },
      }),
    });
    const session = init.headers.get('mcp-session-id')!;
    expect((await taskRead(session)).status).toBe(200); // up: an unknown task, a JSON-RPC error

    proxy.pause();
    for (let round = 0; round < 3; round++) {
      expectTemporarilyUnavailable(await token(clientId), DRIVER_TEXT);
      expectTemporarilyUnavailable(await register(demo.issuer), DRIVER_TEXT);

      const read = await taskRead(session);
      expect(read.status).toBe(503);
      expect(Number(read.headers.get('retry-after'))).toBeGreaterThan(0);
      const reply = JSON.parse(read.text) as {
        id: number;
        error: { code: number; message: string };
      };
      expect(reply).toMatchObject({ jsonrpc: '2.0', id: 2, error: { code: -32001 } });
      expect(read.text).not.toMatch(DRIVER_TEXT);
    }
    // Once per outage per store: the first failure with its reference and the driver's text.
    for (const log of [asLog, taskLog]) {
      expect(log.lines.filter((line) => line.includes('failed [ref'))).toHaveLength(1);
      expect(log.lines.filter((line) => line.startsWith('error'))).toEqual([]);
    }

    proxy.resume();
    await waitFor(async () => (await token(clientId)).status === 400);
    expect((await token(clientId)).body.error).toBe('invalid_grant');
    expect((await taskRead(session)).status).toBe(200);
    expect((await register(demo.issuer)).status).toBe(201);
    for (const log of [asLog, taskLog]) {
      expect(log.lines.filter((line) => line.includes('answers again after'))).toHaveLength(1);
    }
  });
});
