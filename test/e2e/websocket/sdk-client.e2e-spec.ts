import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
  type LoggingMessageNotification,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import { EMITTED_LOG_LEVELS, TEST_TOOL_COUNT } from '../support/test-tools.js';
import { waitFor, within } from '../support/wait.js';
import { connectSdk, provideGlobalWebSocket, type SdkPeer } from './support/sdk-client.js';
import { startWsApp, type WsTestApp } from './support/ws-app.js';

const PAGE_SIZE = 5;
/** TestTools plus the two WebSocket-only tools. */
const TOOL_COUNT = TEST_TOOL_COUNT + 2;

describe('official SDK WebSocketClientTransport against the MCP WebSocket gateway', () => {
  let server: WsTestApp;
  let restoreGlobal: () => void;
  const peers: SdkPeer[] = [];

  const connect = async (options?: Parameters<typeof connectSdk>[1]) => {
    const peer = await connectSdk(server.wsUrl, options);
    peers.push(peer);
    return peer;
  };

  beforeAll(async () => {
    restoreGlobal = provideGlobalWebSocket();
    server = await startWsApp({ pageSize: PAGE_SIZE });
  });

  afterEach(async () => {
    await Promise.all(peers.splice(0).map((p) => p.close()));
    await waitFor(() => server.server.sessionCount === 0, { description: 'sessions to end' });
  });

  afterAll(async () => {
    await server.close();
    restoreGlobal();
  });

  it('completes the handshake: one session per socket, mounted through the app WsAdapter', async () => {
    const peer = await connect();
    expect(peer.client.getServerVersion()).toMatchObject({ name: 'ws-e2e', version: '1.0.0' });
    expect(peer.client.getServerCapabilities()).toHaveProperty('tools');
    expect(server.gateway.mode).toBe('ws-adapter');
    const second = await connect();
    await second.client.ping();
    expect(server.gateway.connectionCount).toBe(2);
    expect(server.server.sessionCount).toBe(2);
  });

  it('calls a tool with progress updates and log messages before the result', async () => {
    const logs: LoggingMessageNotification['params'][] = [];
    const peer = await connect({
      setup: (client) =>
        client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
          logs.push(n.params);
        }),
    });
    const updates: Progress[] = [];
    const result = await peer.client.callTool(
      { name: 'progress_logs', arguments: { steps: 3 } },
      undefined,
      { onprogress: (p) => updates.push(p) },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'did 3 steps' }]);
    expect(updates.map((u) => u.progress)).toEqual([1, 2, 3]);
    expect(logs.map((l) => l.level)).toEqual(EMITTED_LOG_LEVELS);
    await peer.client.setLoggingLevel('error');
    logs.length = 0;
    await peer.client.callTool({ name: 'progress_logs', arguments: { steps: 1 } });
    expect(logs.map((l) => l.level)).toEqual(['error']);
  });

  it('round-trips sampling and elicitation requests on the same socket', async () => {
    const peer = await connect({
      capabilities: { sampling: {}, elicitation: { form: {} } },
      setup: (client) => {
        client.setRequestHandler(CreateMessageRequestSchema, () => ({
          role: 'assistant',
          content: { type: 'text', text: '42' },
          model: 'ws-model',
        }));
        client.setRequestHandler(ElicitRequestSchema, (request) => ({
          action: 'accept',
          content: { name: `Ada (${request.params.message})`, age: 36 },
        }));
      },
    });
    const sampled = await peer.client.callTool({
      name: 'ask_model',
      arguments: { prompt: '6x7?' },
    });
    expect(sampled.content).toEqual([{ type: 'text', text: 'model ws-model said: 42' }]);
    const elicited = await peer.client.callTool({
      name: 'ask_user',
      arguments: { question: 'who?' },
    });
    expect(elicited.content).toEqual([{ type: 'text', text: 'user is Ada (who?), 36' }]);
  });

  it('reads resources and templates and delivers subscription updates', async () => {
    const updated: string[] = [];
    const peer = await connect({
      setup: (client) =>
        client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
          updated.push(n.params.uri);
        }),
    });
    const readme = await peer.client.readResource({ uri: 'test://static/readme' });
    expect(readme.contents).toEqual([
      { uri: 'test://static/readme', mimeType: 'text/plain', text: 'the readme' },
    ]);
    const post = await peer.client.readResource({ uri: 'test://users/alice/posts/7' });
    expect(JSON.parse(String((post.contents[0] as { text?: string }).text))).toEqual({
      userId: 'alice',
      postId: '7',
    });

    await peer.client.subscribeResource({ uri: 'test://static/readme' });
    await peer.client.callTool({
      name: 'touch_resource',
      arguments: { uri: 'test://static/license' },
    });
    await peer.client.callTool({
      name: 'touch_resource',
      arguments: { uri: 'test://static/readme' },
    });
    await waitFor(() => updated.length > 0, { description: 'the resource update' });
    expect(updated).toEqual(['test://static/readme']);
  });

  it('lists and gets prompts', async () => {
    const peer = await connect();
    const { prompts } = await peer.client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['summarise', 'greeting', 'review_code']);
    const prompt = await peer.client.getPrompt({ name: 'summarise', arguments: { topic: 'mcp' } });
    expect(prompt.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Summarise mcp.' } },
    ]);
  });

  it('paginates tools/list with nextCursor', async () => {
    const peer = await connect();
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await peer.client.listTools(cursor === undefined ? undefined : { cursor });
      expect(page.tools.length).toBeLessThanOrEqual(PAGE_SIZE);
      names.push(...page.tools.map((t) => t.name));
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== undefined);
    expect(pages).toBe(Math.ceil(TOOL_COUNT / PAGE_SIZE));
    expect(new Set(names).size).toBe(TOOL_COUNT);
  });

  it('cancelling a call aborts the tool’s AbortSignal; the socket keeps serving', async () => {
    const peer = await connect();
    const controller = new AbortController();
    const call = peer.client.callTool(
      { name: 'wait_for_cancel', arguments: { key: 'sdk-ws' } },
      undefined,
      { signal: controller.signal },
    );
    call.catch(() => undefined); // asserted below
    await within(server.tools.probe.wait('started:sdk-ws'), 5000, 'the tool to start');
    controller.abort('stop it');
    await expect(call).rejects.toThrow();
    const reason = await within(
      server.tools.probe.wait<Error>('aborted:sdk-ws'),
      5000,
      'the tool signal',
    );
    expect(reason.message).toContain('stop it');
    const echo = await peer.client.callTool({ name: 'echo', arguments: { text: 'still here' } });
    expect(echo.content).toEqual([{ type: 'text', text: 'echo: still here' }]);
  });
});
