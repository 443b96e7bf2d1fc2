import type { CreateMessageRequestParams } from '../../../lib/protocol/schema/index.js';
import { waitFor } from '../support/wait.js';
import { connectHttpClient, type HttpTestClient } from './support/connect.js';
import { startEverythingServer, type EverythingServer } from './support/everything-server.js';

/** Interop: our client against the official reference server (`server-everything streamableHttp`). */
describe('McpClient over Streamable HTTP against server-everything', () => {
  let everything: EverythingServer;
  let peer: HttpTestClient;
  const sampled: CreateMessageRequestParams[] = [];

  beforeAll(async () => {
    everything = await startEverythingServer('streamableHttp');
    peer = await connectHttpClient(`${everything.origin}/mcp`, {
      sampling: (params) => {
        sampled.push(params);
        return {
          role: 'assistant',
          model: 'e2e-model',
          content: { type: 'text', text: 'sampled answer' },
        };
      },
      elicitation: () => ({ action: 'accept', content: { name: 'Ada Lovelace', check: true } }),
    });
    // Tools that depend on client capabilities are registered once the session is initialized.
    await waitFor(
      async () =>
        (await peer.client.listAllTools()).some((t) => t.name === 'trigger-sampling-request'),
      {
        description: 'the capability-dependent tools',
      },
    );
    await waitFor(() => peer.transport.hasStandaloneStream, {
      description: 'the standalone stream',
    });
  }, 30_000);

  afterAll(async () => {
    await peer?.close();
    await everything?.stop();
  });

  it('initializes a session', () => {
    expect(peer.client.serverInfo?.name).toEqual(expect.any(String));
    expect(peer.client.protocolVersion).toBe('2025-11-25');
    expect(peer.transport.sessionId).toEqual(expect.any(String));
  });

  it('lists and calls its tools', async () => {
    const names = (await peer.client.listAllTools()).map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(['echo', 'get-sum', 'trigger-long-running-operation']),
    );
    expect(await peer.client.callTool('echo', { message: 'hello' })).toMatchObject({
      content: [{ type: 'text', text: expect.stringContaining('hello') }],
    });
    const sum = await peer.client.callTool('get-sum', { a: 2, b: 40 });
    expect(JSON.stringify(sum.content)).toContain('42');
  });

  it('receives progress notifications of a long-running call', async () => {
    const progress: number[] = [];
    const result = await peer.client.callTool(
      'trigger-long-running-operation',
      { duration: 0.3, steps: 3 },
      { onProgress: (p) => progress.push(p.progress) },
    );
    expect(JSON.stringify(result.content)).toContain('completed');
    expect(progress).toEqual([1, 2, 3]);
  });

  it('receives its log messages', async () => {
    const logs: Array<{ level: string; data: unknown }> = [];
    const subscription = peer.client.logs$.subscribe((log) => logs.push(log));
    await peer.client.setLogLevel('debug');
    await peer.client.callTool('toggle-simulated-logging');
    try {
      await waitFor(() => logs.length > 0, { description: 'a log message', timeoutMs: 10_000 });
      expect(logs[0]).toMatchObject({
        level: expect.any(String),
        data: expect.stringContaining('message'),
      });
    } finally {
      await peer.client.callTool('toggle-simulated-logging');
      subscription.unsubscribe();
    }
  }, 15_000);

  it('answers its sampling request', async () => {
    const result = await peer.client.callTool('trigger-sampling-request', {
      prompt: 'Say hi',
      maxTokens: 20,
    });
    expect(JSON.stringify(result.content)).toContain('sampled answer');
    expect(sampled.at(-1)?.messages[0]?.content).toMatchObject({
      type: 'text',
      text: expect.stringContaining('Say hi'),
    });
  });

  it('answers its elicitation request; the schema defaults are filled in', async () => {
    const result = await peer.client.callTool('trigger-elicitation-request');
    const raw = result.content
      .map((block) => String(block.text))
      .find((text) => text.includes('Raw result:'));
    const echoed = JSON.parse(raw!.slice(raw!.indexOf('{'))) as {
      action: string;
      content: Record<string, unknown>;
    };
    expect(echoed.action).toBe('accept');
    // What the handler gave, plus the defaults of the fields it omitted (SEP-1034).
    expect(echoed.content).toMatchObject({
      name: 'Ada Lovelace',
      check: true,
      firstLine: expect.any(String),
      legacyTitledEnum: 'pet-1',
    });
  });

  it('lists and reads resources, including a template', async () => {
    const resources = await peer.client.listAllResources();
    expect(resources.length).toBeGreaterThan(0);
    const first = resources[0]!;
    const read = await peer.client.readResource(first.uri);
    expect(read.contents[0]?.uri).toBe(first.uri);
    const templated = await peer.client.readResource('demo://resource/dynamic/text/7');
    expect(templated.contents[0]).toMatchObject({
      uri: 'demo://resource/dynamic/text/7',
      text: expect.any(String),
    });
  });

  it('lists and gets prompts', async () => {
    const names = (await peer.client.listAllPrompts()).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['simple-prompt', 'args-prompt']));
    const simple = await peer.client.getPrompt('simple-prompt');
    expect(simple.messages.length).toBeGreaterThan(0);
    const withArgs = await peer.client.getPrompt('args-prompt', { city: 'Paris' });
    expect(JSON.stringify(withArgs.messages)).toContain('Paris');
  });

  it('reports no transport problems', () => {
    expect(peer.errors).toEqual([]);
  });
});
