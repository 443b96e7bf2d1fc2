import { firstValueFrom, filter } from 'rxjs';
import { McpClient } from '../../../lib/client/mcp-client.js';
import type { McpLogMessage } from '../../../lib/client/mcp-client-events.interface.js';
import type {
  CreateMessageRequestParams,
  ElicitRequestParams,
} from '../../../lib/protocol/schema/index.js';
import { StdioClientTransport } from '../../../lib/transports/stdio/stdio-client.transport.js';
import { waitFor } from '../support/wait.js';
import { EVERYTHING_MAIN, ROOT } from './support/sample.js';

/**
 * Our McpClient + StdioClientTransport against an implementation nobody here wrote: the official
 * `@modelcontextprotocol/server-everything`, launched with `stdio`.
 */
describe('stdio client: McpClient against @modelcontextprotocol/server-everything', () => {
  let transport: StdioClientTransport;
  let client: McpClient;
  const logs: McpLogMessage[] = [];
  const sampled: CreateMessageRequestParams[] = [];
  const elicited: ElicitRequestParams[] = [];

  beforeAll(async () => {
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [EVERYTHING_MAIN, 'stdio'],
      cwd: ROOT,
    });
    client = new McpClient({
      transport,
      roots: [{ uri: 'file:///tmp/nestjs-mcp-e2e', name: 'e2e root' }],
      sampling: (params) => {
        sampled.push(params);
        return {
          role: 'assistant',
          content: { type: 'text', text: 'sampled by the nestjs-mcp client' },
          model: 'e2e-model',
          stopReason: 'endTurn',
        };
      },
      elicitation: (params) => {
        elicited.push(params);
        return { action: 'accept', content: { name: 'Ada Lovelace', check: true } };
      },
    });
    client.logs$.subscribe((log) => logs.push(log));
    await client.connect();
    // Tools that depend on client capabilities are registered right after the handshake.
    await waitFor(
      async () => (await client.listAllTools()).some((t) => t.name === 'trigger-sampling-request'),
      { description: 'the capability-dependent tools', timeoutMs: 10_000 },
    );
  }, 20_000);

  afterAll(async () => {
    await client?.close();
  });

  it('connects and lists the tools', async () => {
    expect(client.serverInfo?.name).toEqual(expect.any(String));
    const names = (await client.listAllTools()).map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'echo',
        'get-sum',
        'trigger-long-running-operation',
        'trigger-sampling-request',
        'trigger-elicitation-request',
        'get-roots-list',
      ]),
    );
  });

  it('calls plain tools', async () => {
    const echo = await client.callTool('echo', { message: 'hello everything' });
    expect(echo.content).toEqual([{ type: 'text', text: 'Echo: hello everything' }]);
    const sum = await client.callTool('get-sum', { a: 19, b: 23 });
    expect(JSON.stringify(sum.content)).toContain('42');
  });

  it('receives progress notifications of a long-running tool', async () => {
    const progress: Array<{ progress: number; total?: number }> = [];
    const result = await client.callTool(
      'trigger-long-running-operation',
      { duration: 0.3, steps: 3 },
      { onProgress: (p) => progress.push(p) },
    );
    expect(result.isError).toBeFalsy();
    expect(progress).toEqual([
      { progress: 1, total: 3 },
      { progress: 2, total: 3 },
      { progress: 3, total: 3 },
    ]);
  });

  it('receives log notifications', async () => {
    await client.setLogLevel('debug');
    const first = firstValueFrom(client.logs$.pipe(filter((log) => log.level !== undefined)));
    await client.callTool('toggle-simulated-logging');
    const log = await first;
    expect(log.level).toEqual(expect.any(String));
    await client.callTool('toggle-simulated-logging');
    expect(logs.length).toBeGreaterThan(0);
  });

  it('answers its sampling request', async () => {
    const result = await client.callTool('trigger-sampling-request', {
      prompt: 'Say hi',
      maxTokens: 20,
    });
    expect(sampled).toHaveLength(1);
    expect(sampled[0].maxTokens).toBe(20);
    expect(JSON.stringify(result.content)).toContain('sampled by the nestjs-mcp client');
  });

  it('answers its elicitation request (schema defaults filled in)', async () => {
    const result = await client.callTool('trigger-elicitation-request');
    expect(elicited).toHaveLength(1);
    expect(elicited[0].message).toMatch(/Please provide inputs/);
    const text = JSON.stringify(result.content);
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('It was a dark and stormy night.');
  });

  it('answers its roots/list request', async () => {
    const result = await client.callTool('get-roots-list');
    expect(JSON.stringify(result.content)).toContain('file:///tmp/nestjs-mcp-e2e');
  });

  it('lists and reads resources and templates', async () => {
    const resources = await client.listAllResources();
    expect(resources.length).toBeGreaterThan(0);
    const first = await client.readResource(resources[0].uri);
    expect(first.contents[0]).toMatchObject({ uri: resources[0].uri });
    const templates = await client.listAllResourceTemplates();
    const text = templates.find((t) => t.uriTemplate.includes('dynamic/text'));
    expect(text).toBeDefined();
    const dynamic = await client.readResource('demo://resource/dynamic/text/1');
    expect(dynamic.contents[0]).toMatchObject({ uri: 'demo://resource/dynamic/text/1' });
  });

  it('gets prompts', async () => {
    const prompts = (await client.listAllPrompts()).map((p) => p.name);
    expect(prompts).toEqual(expect.arrayContaining(['simple-prompt', 'args-prompt']));
    const simple = await client.getPrompt('simple-prompt');
    expect(simple.messages.length).toBeGreaterThan(0);
    const args = await client.getPrompt('args-prompt', { city: 'Lisbon' });
    expect(JSON.stringify(args.messages)).toContain('Lisbon');
  });

  it('closes it: stdin EOF, then the process is gone', async () => {
    await client.close();
    expect(transport.exit).toEqual({ code: 0, signal: null });
    expect(transport.closeError).toBeUndefined();
  });
});
