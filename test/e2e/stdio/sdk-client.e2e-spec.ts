import { z } from 'zod';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
  type LoggingMessageNotification,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import { waitFor } from '../support/wait.js';
import { builtSample, ROOT } from './support/sample.js';

/** A JSON-RPC message as recorded on the wire. */
interface WireMessage {
  id?: string | number;
  method?: string;
  params?: {
    progressToken?: string | number;
    requestId?: string | number;
    arguments?: Record<string, unknown>;
    _meta?: { progressToken?: string | number };
  };
}

/**
 * The official SDK client (`StdioClientTransport` + `Client`) drives the demo app served by
 * `McpStdio.run()` (the built `sample/03-stdio`), as a desktop MCP client would.
 */
describe('stdio server: official SDK client against the built sample', () => {
  let client: Client;
  let transport: StdioClientTransport;
  const logs: LoggingMessageNotification['params'][] = [];
  const updated: string[] = [];
  const elicitations: string[] = [];
  const stderr: string[] = [];
  const sent: WireMessage[] = [];
  const received: WireMessage[] = [];

  beforeAll(async () => {
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [builtSample()],
      cwd: ROOT,
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
    client = new Client(
      { name: 'sdk-stdio-e2e', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } } },
    );
    client.setNotificationHandler(
      LoggingMessageNotificationSchema,
      (n) => void logs.push(n.params),
    );
    client.setNotificationHandler(
      ResourceUpdatedNotificationSchema,
      (n) => void updated.push(n.params.uri),
    );
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      elicitations.push(request.params.message);
      return { action: 'accept', content: { name: 'Ada' } };
    });
    await client.connect(transport);
    // Record the wire (the SDK drops progress it no longer waits for, so look at the raw lines).
    const onmessage = transport.onmessage;
    transport.onmessage = (message) => {
      received.push(message as WireMessage);
      onmessage?.(message);
    };
    const send = transport.send.bind(transport);
    transport.send = (message) => {
      sent.push(message as WireMessage);
      return send(message);
    };
  });

  afterAll(async () => {
    await client?.close();
  });

  it('completes the handshake with the demo server', () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'nestjs-mcp-demo', version: '0.1.0' });
    expect(client.getInstructions()).toMatch(/demo server/);
    expect(client.getServerCapabilities()).toMatchObject({
      tools: {},
      resources: { subscribe: true },
      prompts: {},
      logging: {},
      completions: {},
    });
  });

  it('lists and calls tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['echo', 'add', 'countdown', 'saveNote', 'greetUser']),
    );
    await expect(
      client.callTool({ name: 'echo', arguments: { text: 'over stdio' } }),
    ).resolves.toMatchObject({ content: [{ type: 'text', text: 'over stdio' }] });
    await expect(
      client.callTool({ name: 'add', arguments: { a: 2, b: 40 } }),
    ).resolves.toMatchObject({ structuredContent: { sum: 42 } });
  });

  it('delivers progress and log notifications of a tool call', async () => {
    await client.setLoggingLevel('info');
    logs.length = 0;
    const progress: Progress[] = [];
    const result = await client.callTool(
      { name: 'countdown', arguments: { steps: 3, delayMs: 50 } },
      undefined,
      { onprogress: (p) => progress.push(p) },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'Counted to 3' }]);
    // The SDK dispatches progress a microtask late but responses at once, so a progress line
    // read in the same chunk as the response is dropped on its side (typescript-sdk#2580). The
    // server sends all three before the response: see raw-stdio.e2e-spec.ts.
    const expected = [1, 2, 3].map((n) => ({ progress: n, total: 3, message: `step ${n} of 3` }));
    expect(progress.length).toBeGreaterThan(0);
    expect(progress).toEqual(expected.slice(0, progress.length));
    expect(logs).toEqual(
      [1, 2, 3].map((step) => ({ level: 'info', logger: 'countdown', data: { step } })),
    );
  });

  it('round-trips an elicitation request during a tool call', async () => {
    const result = await client.callTool({ name: 'greetUser', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'Hello, Ada!' }]);
    expect(elicitations).toEqual(['What is your name?']);
  });

  it("lists and gets the demo's skill (SEP-2640) over stdio", async () => {
    const SkillPage = z.looseObject({ skills: z.array(z.looseObject({ uri: z.string() })) });
    const { skills } = await client.request({ method: 'skills/list', params: {} }, SkillPage);
    expect(skills.map((s) => s.uri)).toEqual(['skill://note-taking/SKILL.md']);
    const got = await client.request(
      { method: 'skills/get', params: { uri: 'skill://note-taking/SKILL.md' } },
      z.looseObject({ skill: z.looseObject({ resources: z.array(z.unknown()) }) }),
    );
    expect(got.skill.resources).toHaveLength(2);
  });

  it('reads resources and notifies a subscriber when a note changes', async () => {
    const { resources } = await client.listResources();
    expect(resources).toEqual([
      expect.objectContaining({ uri: 'demo://about', name: 'about' }),
      expect.objectContaining({ uri: 'skill://note-taking/SKILL.md', mimeType: 'text/markdown' }),
      expect.objectContaining({ uri: 'skill://note-taking/references/naming.md' }),
      expect.objectContaining({ uri: 'ui://demo/counter', mimeType: 'text/html;profile=mcp-app' }),
    ]);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toEqual([expect.objectContaining({ uriTemplate: 'notes://{name}' })]);
    const about = await client.readResource({ uri: 'demo://about' });
    expect(about.contents[0]).toMatchObject({ uri: 'demo://about', mimeType: 'text/plain' });

    await client.subscribeResource({ uri: 'notes://todo' });
    await client.callTool({ name: 'saveNote', arguments: { name: 'todo', text: 'write tests' } });
    await waitFor(() => updated.includes('notes://todo'), { description: 'resources/updated' });
    const note = await client.readResource({ uri: 'notes://todo' });
    expect(note.contents).toEqual([
      { uri: 'notes://todo', mimeType: 'text/plain', text: 'write tests' },
    ]);
  });

  it('gets prompts and completes prompt and template arguments', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['summarise']);
    const prompt = await client.getPrompt({ name: 'summarise', arguments: { topic: 'MCP' } });
    expect(prompt.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Please write a short summary of MCP.' } },
    ]);
    const topic = await client.complete({
      ref: { type: 'ref/prompt', name: 'summarise' },
      argument: { name: 'topic', value: 'n' },
    });
    expect(topic.completion.values).toEqual(['NestJS']);
    const note = await client.complete({
      ref: { type: 'ref/resource', uri: 'notes://{name}' },
      argument: { name: 'name', value: 'w' },
    });
    expect(note.completion.values).toEqual(['welcome']);
  });

  it('cancels a running tool: the server stops it and keeps serving', async () => {
    const controller = new AbortController();
    const cancelled = client.callTool(
      { name: 'countdown', arguments: { steps: 3, delayMs: 500 } },
      undefined,
      { signal: controller.signal, onprogress: () => controller.abort('stop') },
    );
    await expect(cancelled).rejects.toThrow();
    const request = sent.find(
      (m) => m.method === 'tools/call' && m.params?.arguments?.delayMs === 500,
    );
    const token = request?.params?._meta?.progressToken;
    expect(token).toBeDefined();
    expect(sent).toContainEqual(
      expect.objectContaining({
        method: 'notifications/cancelled',
        params: expect.objectContaining({ requestId: request?.id }),
      }),
    );
    // A call started after the cancel ends after the cancelled one would have: had the server
    // not stopped it, its next progress (or its result) would be on the wire by then.
    const later = await client.callTool({
      name: 'countdown',
      arguments: { steps: 2, delayMs: 700 },
    });
    expect(later.content).toEqual([{ type: 'text', text: 'Counted to 2' }]);
    const forCancelled = received.filter(
      (m) => m.params?.progressToken === token || (m.id === request?.id && !m.method),
    );
    expect(forCancelled).toHaveLength(1);
  });

  it('logs to stderr only (the sample console.log included)', async () => {
    await waitFor(() => stderr.join('').includes('console.log goes to stderr'), {
      description: 'the console.log line on stderr',
    });
    expect(stderr.join('')).toContain('[McpStdio] Serving MCP over stdio');
  });
});
