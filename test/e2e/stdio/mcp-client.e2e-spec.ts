import { firstValueFrom } from 'rxjs';
import { McpClient } from '../../../lib/client/mcp-client.js';
import type { McpLogMessage } from '../../../lib/client/mcp-client-events.interface.js';
import { RequestCancelledError } from '../../../lib/errors/request-cancelled.error.js';
import { StdioClientTransport } from '../../../lib/transports/stdio/stdio-client.transport.js';
import { waitFor } from '../support/wait.js';
import { builtSample, ROOT } from './support/sample.js';

/** Our McpClient over our StdioClientTransport, against the demo app served by McpStdio.run(). */
describe('stdio: McpClient + StdioClientTransport against the built sample', () => {
  let transport: StdioClientTransport;
  let client: McpClient;
  const logs: McpLogMessage[] = [];
  const elicited: string[] = [];
  const transportErrors: Error[] = [];

  beforeAll(async () => {
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [builtSample()],
      cwd: ROOT,
    });
    client = new McpClient({
      transport,
      clientInfo: { name: 'nestjs-mcp-stdio-e2e', version: '1.0.0' },
      versionNegotiation: 'legacy', // the session era; test/e2e/client-modern covers 2026-07-28
      elicitation: (params) => {
        elicited.push(params.message);
        return { action: 'accept', content: { name: 'Grace' } };
      },
    });
    client.logs$.subscribe((log) => logs.push(log));
    client.errors$.subscribe((error) => transportErrors.push(error));
    await client.connect();
  });

  afterAll(async () => {
    await client?.close();
  });

  it('handshakes with the demo server', () => {
    expect(client.serverInfo).toMatchObject({ name: 'nestjs-mcp-demo' });
    expect(client.protocolVersion).toBe('2025-11-25');
    expect(transport.pid).toEqual(expect.any(Number));
  });

  it('calls tools with progress (all of it, in order) and logs', async () => {
    await client.setLogLevel('info');
    logs.length = 0;
    const progress: number[] = [];
    const result = await client.callTool(
      'countdown',
      { steps: 3, delayMs: 1 },
      { onProgress: (p) => progress.push(p.progress) },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'Counted to 3' }]);
    expect(progress).toEqual([1, 2, 3]);
    expect(logs).toEqual(
      [1, 2, 3].map((step) => ({ level: 'info', logger: 'countdown', data: { step } })),
    );
    await expect(client.callTool('echo', { text: 'ours' })).resolves.toMatchObject({
      content: [{ type: 'text', text: 'ours' }],
    });
  });

  it('answers the elicitation of greetUser', async () => {
    const result = await client.callTool('greetUser');
    expect(result.content).toEqual([{ type: 'text', text: 'Hello, Grace!' }]);
    expect(elicited).toEqual(['What is your name?']);
  });

  it('reads resources and receives the update of a subscribed note', async () => {
    expect((await client.listAllResources()).map((r) => r.uri)).toEqual([
      'demo://about',
      'skill://note-taking/SKILL.md', // the demo's skill and its file
      'skill://note-taking/references/naming.md',
      'ui://demo/counter', // the demo's MCP App view
    ]);
    const [skill] = await client.skills.listAll();
    expect(skill?.frontmatter.name).toBe('note-taking');
    const update = firstValueFrom(client.resourceUpdated$('notes://ideas'));
    await client.subscribeResource('notes://ideas');
    await client.callTool('saveNote', { name: 'ideas', text: 'stdio works' });
    await expect(update).resolves.toBe('notes://ideas');
    const read = await client.readResource('notes://ideas');
    expect(read.contents).toEqual([
      { uri: 'notes://ideas', mimeType: 'text/plain', text: 'stdio works' },
    ]);
  });

  it('gets prompts and completions', async () => {
    const prompt = await client.getPrompt('summarise', { topic: 'RxJS' });
    expect(prompt.messages[0]).toEqual({
      role: 'user',
      content: { type: 'text', text: 'Please write a short summary of RxJS.' },
    });
    const completion = await client.complete(
      { type: 'ref/prompt', name: 'summarise' },
      { name: 'topic', value: 'm' },
    );
    expect(completion.completion.values).toEqual(['MCP']);
  });

  it('cancels a running call: the server stops it and keeps serving', async () => {
    const controller = new AbortController();
    const cancelled = client.callTool(
      'countdown',
      { steps: 3, delayMs: 500 },
      { signal: controller.signal, onProgress: () => controller.abort('enough') },
    );
    const id = client.pendingRequests().find((r) => r.method === 'tools/call')?.id;
    await expect(cancelled).rejects.toBeInstanceOf(RequestCancelledError);
    // From here on, any progress of the cancelled request would be a leak.
    const lateProgress: Array<string | number> = [];
    const subscription = client.progress$.subscribe((p) => lateProgress.push(p.progressToken));
    // A call started after the cancel ends after the cancelled one would have; progress for a
    // cancelled request is no longer routed to its caller, so it would show on progress$.
    const later = await client.callTool('countdown', { steps: 2, delayMs: 700 });
    subscription.unsubscribe();
    expect(later.content).toEqual([{ type: 'text', text: 'Counted to 2' }]);
    expect(id).toBeDefined();
    expect(lateProgress.filter((token) => token === id)).toEqual([]);
  });

  it('surfaces the server stderr (replayed to a late subscriber) and reports no transport error', async () => {
    const seen: string[] = [];
    const subscription = transport.stderr$.subscribe((line) => seen.push(line));
    await waitFor(() => seen.some((line) => line.includes('[McpStdio] Serving MCP over stdio')), {
      description: 'the startup log line on stderr$',
    });
    subscription.unsubscribe();
    expect(seen).toContain('nestjs-mcp demo: serving MCP over stdio (console.log goes to stderr)');
    expect(transportErrors).toEqual([]);
  });

  it('close() ends the server: stdin EOF, exit code 0', async () => {
    await client.close();
    expect(transport.exit).toEqual({ code: 0, signal: null });
    expect(transport.closeError).toBeUndefined();
  });
});
