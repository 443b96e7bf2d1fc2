import type { IncomingMessage } from 'node:http';
import { McpServer, type McpModuleOptions } from '../../../lib/index.js';
import { modernCall, modernRequest } from '../support/modern-call.js';
import {
  initializeRawSession,
  jsonBody,
  postJson,
  rawId,
  rpcMessages,
} from '../support/raw-http.js';
import { waitFor } from '../support/wait.js';
import { startTaskApp } from '../tasks/task-tools.js';
import { RawSocket } from '../websocket/support/raw-socket.js';

/**
 * Issue 24 item 1: tasks count against limits per owner (2026 principal, else the 2025 session,
 * else everyone anonymous) and in total; a client-asked TTL gets the ceiling; room comes back
 * when tasks expire; the server keeps answering plain calls.
 */
describe('task limits', () => {
  let app: Awaited<ReturnType<typeof startTaskApp>>;

  afterEach(() => app?.close());

  const boot = async (options: Partial<McpModuleOptions>) => {
    app = await startTaskApp({
      principal: (req: IncomingMessage) => req.headers['x-user'] as string | undefined,
      ...options,
    });
  };
  const stats = () => app.app.get(McpServer).stats();
  const createTask = (user?: string) =>
    modernCall(app.url, 'tools/call', { name: 'nightly_job', arguments: {} }, { user });

  it('refuses a task over maxTasksPerOwner (429) and over maxTasks (503), serving plain calls', async () => {
    await boot({ limits: { maxTasksPerOwner: 3, maxTasks: 5 }, tasks: { defaultTtlMs: 600_000 } });
    for (let i = 0; i < 3; i++) expect((await createTask('alice')).result?.resultType).toBe('task');

    const { body, headers } = modernRequest(
      'tools/call',
      { name: 'nightly_job', arguments: {} },
      { user: 'alice' },
    );
    const refused = await postJson(app.url, body, headers);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(jsonBody(refused)).toEqual({
      jsonrpc: '2.0',
      id: body.id,
      error: {
        code: -32000,
        message: 'Too many tasks for this owner (limit 3)',
        data: { limit: 'maxTasksPerOwner', max: 3, retryAfterSeconds: 1 },
      },
    });

    for (let i = 0; i < 2; i++) expect((await createTask('bob')).result?.resultType).toBe('task');
    const full = await createTask('carol');
    expect(full.status).toBe(503);
    expect(full.error).toMatchObject({ code: -32000, data: { limit: 'maxTasks', max: 5 } });

    // Plain calls are still answered, and the refusals are counted.
    const plain = await modernCall(app.url, 'tools/call', { name: 'plain', arguments: {} }, {});
    expect(plain.result).toMatchObject({ content: [{ text: 'plain' }] });
    expect(stats().refused).toMatchObject({ maxTasksPerOwner: 1, maxTasks: 1 });
    expect(stats().tasks).toBe(5);
  });

  it('gives the room back when tasks expire', async () => {
    // The third task must be refused before the first two expire, even on a loaded machine.
    await boot({ limits: { maxTasksPerOwner: 2 }, tasks: { defaultTtlMs: 2000 } });
    await createTask();
    await createTask();
    expect((await createTask()).status).toBe(429);
    await waitFor(async () => (await createTask()).status === 200, {
      description: 'an expired task frees its room',
      timeoutMs: 20_000,
    });
  });

  it('2025 session: counts per session, 429 + Retry-After on the JSON reply, TTL ceiling', async () => {
    await boot({ limits: { maxTasksPerOwner: 2 } });
    const session = await initializeRawSession(app.url, '2025-11-25', { tasks: {} });
    const call = (ttl: number) =>
      postJson(
        app.url,
        {
          jsonrpc: '2.0',
          id: rawId(),
          method: 'tools/call',
          params: { name: 'nightly_job', arguments: {}, task: { ttl } },
        },
        session.headers,
      );
    const asked24h = rpcMessages(await call(86_400_000))[0]!;
    // The ceiling (tasks.maxTtlMs, default the 1 h default TTL), not the 24 h asked.
    expect(asked24h).toMatchObject({ result: { task: { ttl: 3_600_000 } } });
    await call(1000);
    const refused = await call(1000);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(jsonBody(refused)).toMatchObject({
      error: { code: -32000, data: { limit: 'maxTasksPerOwner', max: 2 } },
    });
    // Another session is another owner.
    const other = await initializeRawSession(app.url, '2025-11-25', { tasks: {} });
    const served = await postJson(
      app.url,
      {
        jsonrpc: '2.0',
        id: rawId(),
        method: 'tools/call',
        params: { name: 'nightly_job', arguments: {}, task: {} },
      },
      other.headers,
    );
    expect(rpcMessages(served)[0]).toMatchObject({ result: { task: { status: 'working' } } });
  });

  it('WebSocket: the same -32000 refusal as a JSON-RPC error response, counted', async () => {
    await boot({ websocket: true, limits: { maxTasksPerOwner: 1 } } as Partial<McpModuleOptions>);
    const socket = await RawSocket.open(new URL('/ws', app.url.origin.replace('http', 'ws')));
    await socket.initialize();
    const task = { name: 'nightly_job', arguments: {}, task: {} };
    expect(await socket.request('t1', 'tools/call', task)).toMatchObject({
      result: { task: { status: 'working' } },
    });
    expect(await socket.request('t2', 'tools/call', task)).toEqual({
      jsonrpc: '2.0',
      id: 't2',
      error: {
        code: -32000,
        message: 'Too many tasks for this owner (limit 1)',
        data: { limit: 'maxTasksPerOwner', max: 1, retryAfterSeconds: 1 },
      },
    });
    expect(stats().refused.maxTasksPerOwner).toBe(1);
    socket.ws.close();
  });
});
