import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
  type LoggingMessageNotification,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import {
  TEST_PROMPT_COUNT,
  TEST_RESOURCE_COUNT,
  TEST_TEMPLATE_COUNT,
  TEST_TOOL_COUNT,
} from '../support/test-tools.js';
import { waitFor, within } from '../support/wait.js';
import { startSseApp, type SseTestApp } from './support/sse-app.js';
import { connectSdkSse, type SdkSseClient } from './support/sdk-sse-client.js';

let keys = 0;
const newKey = () => `sdk-sse-${++keys}`;

describe('HTTP+SSE transport with the official SDK SSEClientTransport', () => {
  let app: SseTestApp;
  let peer: SdkSseClient | undefined;

  beforeAll(async () => {
    app = await startSseApp();
  });

  afterAll(async () => {
    await app.close();
  });

  afterEach(async () => {
    await peer?.close();
    peer = undefined;
    await waitFor(() => app.sse.sessionCount === 0, { description: 'SSE sessions to end' });
  });

  it('completes the handshake over GET /sse + POST /messages', async () => {
    peer = await connectSdkSse(app.sseUrl);
    expect(peer.client.getServerVersion()).toMatchObject({ name: 'e2e-sse-server' });
    expect(peer.client.getServerCapabilities()).toMatchObject({ tools: {}, prompts: {} });
    expect(app.sse.sessionCount).toBe(1);
    await expect(peer.client.ping()).resolves.toEqual({});
  });

  it('lists and calls tools (text and structured results)', async () => {
    peer = await connectSdkSse(app.sseUrl);
    const { tools } = await peer.client.listTools();
    expect(tools).toHaveLength(TEST_TOOL_COUNT);
    const echo = await peer.client.callTool({ name: 'echo', arguments: { text: 'over sse' } });
    expect(echo.content).toEqual([{ type: 'text', text: 'echo: over sse' }]);
    const add = await peer.client.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
    expect(add.structuredContent).toEqual({ sum: 5 });
    const invalid = await peer.client.callTool({ name: 'add', arguments: { a: 'x' } });
    expect(invalid.isError).toBe(true);
  });

  it('streams progress and log messages of a tool call down the SSE stream', async () => {
    peer = await connectSdkSse(app.sseUrl);
    const logs: LoggingMessageNotification['params'][] = [];
    peer.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logs.push(n.params);
    });
    await peer.client.setLoggingLevel('debug');
    const key = newKey();
    let firstProgress!: (p: Progress) => void;
    const first = new Promise<Progress>((resolve) => (firstProgress = resolve));
    const call = peer.client.callTool(
      { name: 'stream_until_released', arguments: { key } },
      undefined,
      { onprogress: (p) => firstProgress(p) },
    );
    // The tool is parked after its first progress update: it reached the client while running.
    await expect(within(first, 5000, 'the first progress')).resolves.toEqual({
      progress: 1,
      total: 3,
      message: 'first',
    });
    app.tools.probe.signal(`release:${key}`);
    const result = await call;
    expect(result.content).toEqual([{ type: 'text', text: `finished ${key}` }]);
    await waitFor(() => logs.length > 0, { description: 'the log message' });
    expect(logs).toEqual([{ level: 'info', data: 'after release' }]);
    // Updates 2 and 3 share a TCP read with the result; SDK 1.32.2 dispatches notifications a
    // microtask late and drops progress for a request already answered (typescript-sdk#2580),
    // so they are asserted on the wire (bad-input spec) and with our client, not here.
  });

  it('round-trips sampling and elicitation requests from tools', async () => {
    peer = await connectSdkSse(app.sseUrl, {
      capabilities: { sampling: {}, elicitation: {} },
      setup: (client) => {
        client.setRequestHandler(CreateMessageRequestSchema, (request) => ({
          role: 'assistant',
          content: { type: 'text', text: `echo of ${request.params.messages.length} message(s)` },
          model: 'sse-model',
        }));
        client.setRequestHandler(ElicitRequestSchema, (request) => {
          expect(request.params.message).toBe('Who are you?');
          return { action: 'accept', content: { name: 'Ada', age: 36 } };
        });
      },
    });
    const sampled = await peer.client.callTool({ name: 'ask_model', arguments: { prompt: 'hi' } });
    expect(sampled.content).toEqual([
      { type: 'text', text: 'model sse-model said: echo of 1 message(s)' },
    ]);
    const elicited = await peer.client.callTool({
      name: 'ask_user',
      arguments: { question: 'Who are you?' },
    });
    expect(elicited.content).toEqual([{ type: 'text', text: 'user is Ada, 36' }]);
  });

  it('reads resources and templates and delivers subscription updates', async () => {
    peer = await connectSdkSse(app.sseUrl);
    const { resources } = await peer.client.listResources();
    expect(resources).toHaveLength(TEST_RESOURCE_COUNT);
    const { resourceTemplates } = await peer.client.listResourceTemplates();
    expect(resourceTemplates).toHaveLength(TEST_TEMPLATE_COUNT);
    const readme = await peer.client.readResource({ uri: 'test://static/readme' });
    expect(readme.contents).toEqual([
      { uri: 'test://static/readme', mimeType: 'text/plain', text: 'the readme' },
    ]);
    const post = await peer.client.readResource({ uri: 'test://users/alice/posts/7' });
    const [content] = post.contents;
    expect('text' in content && JSON.parse(content.text)).toEqual({ userId: 'alice', postId: '7' });

    const updates: string[] = [];
    peer.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updates.push(n.params.uri);
    });
    await peer.client.subscribeResource({ uri: 'test://static/license' });
    await peer.client.callTool({
      name: 'touch_resource',
      arguments: { uri: 'test://static/license' },
    });
    await peer.client.callTool({
      name: 'touch_resource',
      arguments: { uri: 'test://static/other' },
    });
    await waitFor(() => updates.length > 0, { description: 'resources/updated' });
    expect(updates).toEqual(['test://static/license']);
  });

  it('lists and gets prompts, and completes arguments', async () => {
    peer = await connectSdkSse(app.sseUrl);
    const { prompts } = await peer.client.listPrompts();
    expect(prompts).toHaveLength(TEST_PROMPT_COUNT);
    const prompt = await peer.client.getPrompt({
      name: 'summarise',
      arguments: { topic: 'mcp', style: 'terse' },
    });
    expect(prompt.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Summarise mcp in a terse style.' } },
    ]);
    const completion = await peer.client.complete({
      ref: { type: 'ref/prompt', name: 'summarise' },
      argument: { name: 'topic', value: 'nest' },
    });
    expect(completion.completion.values).toEqual(['nestjs', 'nest-cli']);
  });

  it('cancels a running tool: its AbortSignal fires and the session keeps working', async () => {
    peer = await connectSdkSse(app.sseUrl);
    await peer.client.ping(); // SDK 1.32.2 ignores cancellation of request id 0: use it up
    const key = newKey();
    const controller = new AbortController();
    const call = peer.client.callTool({ name: 'wait_for_cancel', arguments: { key } }, undefined, {
      signal: controller.signal,
    });
    call.catch(() => undefined); // asserted below
    await app.tools.probe.wait(`started:${key}`);
    controller.abort('stop it');
    await expect(call).rejects.toThrow();
    const reason = await within(
      app.tools.probe.wait<Error>(`aborted:${key}`),
      5000,
      'the tool signal',
    );
    expect(reason.message).toContain('stop it');
    const echo = await peer.client.callTool({ name: 'echo', arguments: { text: 'alive' } });
    expect(echo.content).toEqual([{ type: 'text', text: 'echo: alive' }]);
  });

  it('ends the server session when the client closes, aborting running tools', async () => {
    peer = await connectSdkSse(app.sseUrl);
    const key = newKey();
    const call = peer.client.callTool({ name: 'wait_for_cancel', arguments: { key } });
    call.catch(() => undefined); // the client closes under it
    await app.tools.probe.wait(`started:${key}`);
    expect(app.sse.sessionCount).toBe(1);
    await peer?.close();
    const reason = await within(
      app.tools.probe.wait<Error>(`aborted:${key}`),
      5000,
      'the tool signal',
    );
    expect(reason.message).toMatch(/disconnected/i);
    await waitFor(() => app.sse.sessionCount === 0, { description: 'the session to end' });
    expect(app.server.sessionCount).toBe(0);
  });
});

describe('HTTP+SSE pagination with the official SDK client', () => {
  let app: SseTestApp;
  let peer: SdkSseClient;

  beforeAll(async () => {
    app = await startSseApp({ module: { pageSize: 4 } });
    peer = await connectSdkSse(app.sseUrl);
  });

  afterAll(async () => {
    await peer?.close();
    await app.close();
  });

  it('walks every page of tools with nextCursor', async () => {
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await peer.client.listTools(cursor === undefined ? undefined : { cursor });
      expect(page.tools.length).toBeLessThanOrEqual(4);
      names.push(...page.tools.map((t) => t.name));
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== undefined);
    expect(pages).toBe(Math.ceil(TEST_TOOL_COUNT / 4));
    expect(new Set(names).size).toBe(TEST_TOOL_COUNT);
  });

  it('answers an invalid cursor with -32602 on the stream', async () => {
    await expect(peer.client.listTools({ cursor: 'not-a-cursor' })).rejects.toMatchObject({
      code: -32602,
    });
  });
});
