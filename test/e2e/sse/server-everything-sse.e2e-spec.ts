import { firstValueFrom, filter } from 'rxjs';
import { McpClient } from '../../../lib/client/mcp-client.js';
import type {
  CreateMessageRequestParams,
  ElicitRequestParams,
} from '../../../lib/protocol/schema/index.js';
import { createStreamableHttpTransportWithFallback } from '../../../lib/transports/http/client/legacy-fallback.transport.js';
import { SseClientTransport } from '../../../lib/transports/sse/sse-client.transport.js';
import { waitFor, within } from '../support/wait.js';
import { startEverythingSse, type EverythingServer } from './support/everything-server.js';

/**
 * Interop with a server nobody here wrote: `@modelcontextprotocol/server-everything` in `sse`
 * mode (the official SDK's SSEServerTransport: GET /sse, POST /message?sessionId=…).
 */
describe('McpClient + SseClientTransport against server-everything (sse)', () => {
  let everything: EverythingServer;
  let client: McpClient;
  const sampled: CreateMessageRequestParams[] = [];
  const elicited: ElicitRequestParams[] = [];

  beforeAll(async () => {
    everything = await startEverythingSse();
    client = new McpClient({
      transport: new SseClientTransport(everything.sseUrl),
      clientInfo: { name: 'nestjs-mcp-e2e', version: '1.0.0' },
      roots: [{ uri: 'file:///tmp/e2e-root', name: 'e2e root' }],
      sampling: (params) => {
        sampled.push(params);
        return { role: 'assistant', content: { type: 'text', text: 'sampled!' }, model: 'e2e' };
      },
      elicitation: (params) => {
        elicited.push(params);
        return { action: 'accept', content: { name: 'Ada Lovelace', check: true } };
      },
    });
    await client.connect();
  }, 30_000);

  afterAll(async () => {
    await client?.close();
    await everything?.close();
  });

  it('negotiates with the official SDK server', () => {
    expect(client.serverInfo).toMatchObject({ name: 'mcp-servers/everything' });
    expect(client.protocolVersion).toBe('2025-11-25');
    expect(client.serverCapabilities).toMatchObject({ tools: {}, resources: { subscribe: true } });
  });

  it('lists and calls tools', async () => {
    // Capability-dependent tools are registered once the session is initialized.
    const names = await waitFor(
      async () => {
        const tools = (await client.listAllTools()).map((t) => t.name);
        return tools.includes('trigger-sampling-request') && tools;
      },
      { description: 'the conditional tools' },
    );
    expect(names).toEqual(
      expect.arrayContaining(['echo', 'get-sum', 'trigger-elicitation-request']),
    );
    const echo = await client.callTool('echo', { message: 'over legacy sse' });
    expect(echo.content).toEqual([{ type: 'text', text: 'Echo: over legacy sse' }]);
    const sum = await client.callTool('get-sum', { a: 19, b: 23 });
    expect(sum.content).toEqual([{ type: 'text', text: 'The sum of 19 and 23 is 42.' }]);
  });

  it('receives progress from a long-running operation', async () => {
    const progress: Array<{ progress: number; total?: number }> = [];
    const result = await client.callTool(
      'trigger-long-running-operation',
      { duration: 0.2, steps: 2 },
      { onProgress: ({ progress: p, total }) => progress.push({ progress: p, total }) },
    );
    expect(result.content).toEqual([
      { type: 'text', text: expect.stringContaining('Long running operation completed') },
    ]);
    expect(progress).toEqual([
      { progress: 1, total: 2 },
      { progress: 2, total: 2 },
    ]);
  });

  it('receives log messages at the chosen level', async () => {
    await client.setLogLevel('debug');
    // The first simulated message (random level: "Debug-level message", "Alert level-message"…)
    // is sent at once; later ones every 5 s.
    const log = firstValueFrom(
      client.logs$.pipe(filter((l) => /level.message/i.test(String(l.data)))),
    );
    const started = await client.callTool('toggle-simulated-logging');
    expect(started.content).toEqual([{ type: 'text', text: expect.stringMatching(/^Started/) }]);
    await expect(within(log, 10_000, 'a simulated log message')).resolves.toMatchObject({
      level: expect.any(String),
    });
    const stopped = await client.callTool('toggle-simulated-logging');
    expect(stopped.content).toEqual([{ type: 'text', text: expect.stringMatching(/^Stopped/) }]);
  }, 15_000);

  it('reads resources and templates, and gets resource updates', async () => {
    const resources = await client.listAllResources();
    expect(resources.length).toBeGreaterThan(0);
    const templates = await client.listAllResourceTemplates();
    expect(templates.map((t) => t.uriTemplate)).toEqual(
      expect.arrayContaining(['demo://resource/dynamic/text/{resourceId}']),
    );
    const text = await client.readResource('demo://resource/dynamic/text/1');
    expect(text.contents[0]).toMatchObject({
      uri: 'demo://resource/dynamic/text/1',
      text: expect.any(String),
    });

    const uri = 'demo://resource/dynamic/text/2';
    const updated = firstValueFrom(client.resourceUpdated$(uri));
    await client.subscribeResource(uri);
    await client.callTool('toggle-subscriber-updates');
    await expect(within(updated, 10_000, 'a resource update')).resolves.toBe(uri);
    await client.callTool('toggle-subscriber-updates');
    await client.unsubscribeResource(uri);
  });

  it('gets prompts with and without arguments', async () => {
    const prompts = (await client.listAllPrompts()).map((p) => p.name);
    expect(prompts).toEqual(expect.arrayContaining(['simple-prompt', 'args-prompt']));
    const simple = await client.getPrompt('simple-prompt');
    expect(simple.messages[0]).toMatchObject({ role: 'user', content: { type: 'text' } });
    const args = await client.getPrompt('args-prompt', { city: 'Paris' });
    expect(args.messages[0].content).toEqual({ type: 'text', text: "What's weather in Paris?" });
  });

  it('answers the server’s sampling and elicitation requests', async () => {
    const sampling = await client.callTool('trigger-sampling-request', { prompt: 'hello' });
    expect(sampling.isError).toBeFalsy();
    expect(JSON.stringify(sampling.content)).toContain('sampled!');
    expect(sampled.at(-1)?.messages[0]).toMatchObject({ role: 'user' });

    const elicitation = await client.callTool('trigger-elicitation-request');
    expect(elicitation.isError).toBeFalsy();
    expect(JSON.stringify(elicitation.content)).toContain('Ada Lovelace');
    expect(elicited.at(-1)?.message).toMatch(/Please provide inputs/);
  });

  it('answers roots/list from the server', async () => {
    const result = await client.callTool('get-roots-list');
    expect(JSON.stringify(result.content)).toContain('file:///tmp/e2e-root');
  });

  it('is reached by the Streamable HTTP transport falling back on its 404', async () => {
    const transport = createStreamableHttpTransportWithFallback(everything.sseUrl, {
      legacyTransport: (url) => new SseClientTransport(url),
    });
    const fallback = new McpClient({ transport });
    try {
      await fallback.connect();
      expect(transport.isFallback).toBe(true);
      const echo = await fallback.callTool('echo', { message: 'fell back' });
      expect(echo.content).toEqual([{ type: 'text', text: 'Echo: fell back' }]);
    } finally {
      await fallback.close();
    }
  });

  it('ends the server session when the client closes', async () => {
    const second = new McpClient({ transport: new SseClientTransport(everything.sseUrl) });
    await second.connect();
    await second.close();
    await waitFor(() => /Client Disconnected/.test(everything.stderr), {
      description: 'server-everything to see the disconnect',
    });
    expect(everything.stderr).toMatch(/Client Disconnected/);
  });
});
