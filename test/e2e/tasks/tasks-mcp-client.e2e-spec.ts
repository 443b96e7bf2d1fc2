import 'reflect-metadata';
import { lastValueFrom, toArray } from 'rxjs';
import {
  McpClient,
  StreamableHttpClientTransport,
  type McpToolTaskEvent,
} from '../../../lib/index.js';
import { startTaskApp, type TaskTools } from './task-tools.js';

const accept = { action: 'accept' as const, content: { publish: true } };

/** Runs the same McpClient scenarios in both eras against one app. */
describe.each([
  ['2025-11-25', { protocolVersion: '2025-11-25' }],
  ['2026-07-28', {}],
])('McpClient.callToolAsTask$ (%s)', (era, eraOptions) => {
  let app: Awaited<ReturnType<typeof startTaskApp>>;
  let tools: TaskTools;
  let client: McpClient;

  beforeAll(async () => {
    app = await startTaskApp();
    tools = app.tools;
    client = new McpClient({
      transport: new StreamableHttpClientTransport(app.url),
      elicitation: () => accept,
      ...eraOptions,
    });
    await client.connect();
  });

  afterAll(async () => {
    await client.close();
    await app.close();
  });

  it('negotiates the era under test', () => {
    expect(client.era).toBe(era === '2026-07-28' ? 'modern' : 'legacy');
  });

  it('emits created, the statuses it polled, then the result', async () => {
    const events = await lastValueFrom(
      client.callToolAsTask$('build_report', { month: '2026-10' }).pipe(toArray()),
    );
    expect(events[0]).toMatchObject({
      type: 'created',
      task: { status: 'working', pollIntervalMs: 40, ttlMs: 3_600_000 },
    });
    const statuses = events.filter((e) => e.type === 'status');
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.at(-1)).toMatchObject({ task: { status: 'completed' } });
    expect(events.at(-1)).toEqual({
      type: 'result',
      result: expect.objectContaining({
        content: [{ type: 'text', text: 'Report 2026-10: 3 sections (task)' }],
      }) as unknown,
    });
  });

  it('answers the task’s input request with its elicitation handler (Promise form)', async () => {
    const seen: string[] = [];
    const result = await client.callToolAsTask(
      'approve_report',
      {},
      {
        onStatus: (task) => seen.push(task.status),
      },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'published' }]);
    expect(seen[0]).toBe('working');
    if (era === '2026-07-28') expect(seen).toContain('input_required');
  });

  it('a required-task tool runs through callToolAsTask', async () => {
    const result = await client.callToolAsTask('nightly_job');
    expect(result.content).toEqual([{ type: 'text', text: 'nightly done' }]);
  });

  it('unsubscribing cancels the task on the server (the handler’s signal aborts)', async () => {
    tools.resetEndless();
    let onCreated!: (event: McpToolTaskEvent) => void;
    const created = new Promise<McpToolTaskEvent>((resolve) => (onCreated = resolve));
    const subscription = client.callToolAsTask$('endless').subscribe((event) => {
      if (event.type === 'created') onCreated(event);
    });
    await expect(created).resolves.toMatchObject({ task: { status: 'working' } });
    subscription.unsubscribe();
    await tools.endlessAborted;
  });

  it('a failed task rejects with its JSON-RPC error', async () => {
    await expect(client.callToolAsTask('broken_job')).rejects.toMatchObject({
      code: -32001,
      message: 'The report source is offline',
      data: { source: 'ledger' },
    });
  });

  it('a plain call of a task tool still answers directly', async () => {
    await expect(
      client.callTool('build_report', { month: 'x', sections: 1 }),
    ).resolves.toMatchObject({
      content: [{ type: 'text', text: 'Report x: 1 sections' }],
    });
  });
});
