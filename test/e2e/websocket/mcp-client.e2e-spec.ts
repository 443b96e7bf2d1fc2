import { createServer } from 'node:net';
import { firstValueFrom, toArray } from 'rxjs';
import { McpClient, type McpLogMessage } from '../../../lib/index.js';
import { TransportError } from '../../../lib/errors/transport.error.js';
import { WebSocketClientTransport } from '../../../lib/transports/websocket/websocket-client.transport.js';
import { EMITTED_LOG_LEVELS, TEST_TOOL_COUNT } from '../support/test-tools.js';
import { waitFor, within } from '../support/wait.js';
import { startWsApp, type WsTestApp } from './support/ws-app.js';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('McpClient over WebSocketClientTransport against the MCP WebSocket gateway', () => {
  let server: WsTestApp;
  const clients: McpClient[] = [];

  function client(options: Partial<ConstructorParameters<typeof McpClient>[0]> = {}) {
    const transport = new WebSocketClientTransport(server.wsUrl);
    const created = new McpClient({
      transport,
      versionNegotiation: 'legacy', // the session era; test/e2e/client-modern covers 2026-07-28
      sampling: () => ({
        role: 'assistant',
        content: { type: 'text', text: '42' },
        model: 'our-model',
      }),
      elicitation: () => ({ action: 'accept', content: { name: 'Grace', age: 85 } }),
      ...options,
    });
    clients.push(created);
    return { client: created, transport };
  }

  beforeAll(async () => {
    server = await startWsApp({ pageSize: 5 });
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await waitFor(() => server.server.sessionCount === 0, { description: 'sessions to end' });
  });

  afterAll(async () => {
    await server.close();
  });

  it('connects with subprotocol mcp and walks paginated lists', async () => {
    const { client: mcp, transport } = client();
    await mcp.connect();
    expect(transport.protocol).toBe('mcp');
    expect(mcp.serverInfo).toMatchObject({ name: 'ws-e2e' });
    const tools = await mcp.listAllTools();
    expect(tools).toHaveLength(TEST_TOOL_COUNT + 2);
    const prompts = await mcp.listAllPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['summarise', 'greeting', 'review_code']);
  });

  it('calls tools with progress and logs, and answers sampling and elicitation', async () => {
    const { client: mcp } = client();
    await mcp.connect();
    const logs: McpLogMessage[] = [];
    const subscription = mcp.logs$.subscribe((log) => logs.push(log));
    const progress: number[] = [];
    const result = await mcp.callTool(
      'progress_logs',
      { steps: 3 },
      {
        onProgress: (p) => progress.push(p.progress),
      },
    );
    subscription.unsubscribe();
    expect(result.content).toEqual([{ type: 'text', text: 'did 3 steps' }]);
    expect(progress).toEqual([1, 2, 3]);
    expect(logs.map((l) => l.level)).toEqual(EMITTED_LOG_LEVELS);

    const sampled = await mcp.callTool('ask_model', { prompt: 'hi' });
    expect(sampled.content).toEqual([{ type: 'text', text: 'model our-model said: 42' }]);
    const elicited = await mcp.callTool('ask_user', { question: 'who?' });
    expect(elicited.content).toEqual([{ type: 'text', text: 'user is Grace, 85' }]);
  });

  it('reads resources, gets prompts and receives subscription updates', async () => {
    const { client: mcp } = client();
    await mcp.connect();
    const readme = await mcp.readResource('test://static/readme');
    expect(readme.contents).toEqual([
      { uri: 'test://static/readme', mimeType: 'text/plain', text: 'the readme' },
    ]);
    const prompt = await mcp.getPrompt('summarise', { topic: 'rxjs', style: 'short' });
    expect(prompt.messages[0]).toEqual({
      role: 'user',
      content: { type: 'text', text: 'Summarise rxjs in a short style.' },
    });
    await mcp.subscribeResource('test://static/license');
    const update = firstValueFrom(mcp.resourceUpdated$('test://static/license'));
    await mcp.callTool('touch_resource', { uri: 'test://static/license' });
    await expect(within(update, 5000, 'the update')).resolves.toBe('test://static/license');
  });

  it('cancelling a call aborts the server tool’s signal', async () => {
    const { client: mcp } = client();
    await mcp.connect();
    const controller = new AbortController();
    const call = mcp.callTool('wait_for_cancel', { key: 'ours-ws' }, { signal: controller.signal });
    call.catch(() => undefined);
    await within(server.tools.probe.wait('started:ours-ws'), 5000, 'the tool to start');
    controller.abort('enough');
    await expect(call).rejects.toThrow(/cancelled/);
    const reason = await within(server.tools.probe.wait<Error>('aborted:ours-ws'), 5000, 'abort');
    expect(reason.message).toContain('enough');
    await expect(mcp.ping()).resolves.toBeUndefined();
  });

  it('a connection the server drops fails pending calls and completes the streams', async () => {
    const { client: mcp, transport } = client();
    await mcp.connect();
    const errors: Error[] = [];
    transport.errors$.subscribe((e) => errors.push(e));
    const messagesDone = firstValueFrom(transport.messages$.pipe(toArray()));
    const call = mcp.callTool('drop_connection');
    // Today McpClient closes its peer with ConnectionClosedError when messages$ completes; see
    // the report for the hook that would surface the transport's TransportError('closed').
    await expect(call).rejects.toMatchObject({
      name: expect.stringMatching(/^(TransportError|ConnectionClosedError)$/),
    });
    await within(messagesDone, 5000, 'messages$ to complete');
    expect(errors).toEqual([
      expect.objectContaining({ name: 'TransportError', kind: 'closed', status: 1006 }),
    ]);
    expect(mcp.currentState).toBe('closed');
    await expect(transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' })).rejects.toMatchObject({
      kind: 'closed',
    });
  });

  it('rejects start() with TransportError refused when nothing listens', async () => {
    const url = new URL(`ws://127.0.0.1:${await closedPort()}/ws`);
    const mcp = new McpClient({ transport: new WebSocketClientTransport(url) });
    clients.push(mcp);
    const connecting = mcp.connect();
    await expect(connecting).rejects.toBeInstanceOf(TransportError);
    await expect(connecting).rejects.toMatchObject({ kind: 'refused' });
  });

  it('rejects start() with TransportError http 403 for a foreign Origin', async () => {
    const transport = new WebSocketClientTransport(server.wsUrl, {
      headers: { Origin: 'http://evil.example' },
    });
    await expect(transport.start()).rejects.toMatchObject({
      name: 'TransportError',
      kind: 'http',
      status: 403,
    });
    await transport.close();
    expect(server.server.sessionCount).toBe(0);
  });
});
