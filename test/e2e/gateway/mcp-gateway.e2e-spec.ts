import 'reflect-metadata';
import {
  Injectable,
  type CanActivate,
  type ExecutionContext,
  type INestApplication,
} from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  McpError as SdkMcpError,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  getMcpGatewayTarget,
  McpClientManager,
  McpClient,
  McpExecutionContext,
  McpGatewayModule,
  McpModule,
  StreamableHttpClientTransport,
  Tool,
  type McpGatewayTarget,
} from '../../../lib/index.js';
import { connectClient, type TestClient } from '../support/client.js';
import { waitFor, within } from '../support/wait.js';
import { EVERYTHING_MAIN, ROOT } from '../stdio/support/sample.js';
import { startUpstream, type UpstreamApp } from '../manager/support/upstream-app.js';

const DYING = fileURLToPath(new URL('../manager/support/dying-upstream.mjs', import.meta.url));

/** Denies one upstream tool; records what the gateway told it about each call. */
@Injectable()
class UpstreamPolicyGuard implements CanActivate {
  readonly seen: McpGatewayTarget[] = [];

  canActivate(context: ExecutionContext): boolean {
    const target = getMcpGatewayTarget(context);
    if (target) this.seen.push(target);
    return !(target?.server === 'everything' && target.upstreamName === 'get-sum');
  }
}

/** An app-wide guard: no forecasts for Atlantis, whoever serves them. */
@Injectable()
class NoAtlantisGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!McpExecutionContext.isMcp(context)) return true;
    const { args } = McpExecutionContext.create<{ city?: string } | undefined>(context);
    return args?.city !== 'Atlantis';
  }
}

/** A local tool whose name an upstream tool would also take: the local one wins. */
@Injectable()
class LocalTools {
  @Tool({ name: 'everything__get-env', description: 'Local stand-in' })
  env() {
    return 'local env';
  }
}

const textOf = (result: object) =>
  (result as { content: Array<{ type: string; text?: string }> }).content
    .map((block) => block.text ?? '')
    .join('');

/**
 * The gateway: McpModule + McpGatewayModule serving three upstreams as one (ours over Streamable
 * HTTP, `@modelcontextprotocol/server-everything` over stdio, a stdio child that dies on its one
 * tool), called by the official SDK v1 client over Streamable HTTP.
 */
describe('McpGatewayModule (official SDK client → gateway → upstreams)', () => {
  let weather: UpstreamApp;
  let gateway: INestApplication;
  let sdk: TestClient;
  let guard: UpstreamPolicyGuard;
  let url: URL;
  let listChanged = 0;

  beforeAll(async () => {
    weather = await startUpstream('weather');
    const moduleRef = await Test.createTestingModule({
      imports: [
        McpModule.forRoot({ name: 'gateway', version: '1.0.0', hideDeniedFromLists: true }),
        McpGatewayModule.forRoot({
          mcpServers: {
            weather: { url: weather.url },
            // The everything server's bin (node_modules/.bin/mcp-server-everything) is this file;
            // run with this Node so the test does not depend on which `node` PATH finds.
            everything: { command: process.execPath, args: [EVERYTHING_MAIN, 'stdio'], cwd: ROOT },
            dying: { command: process.execPath, args: [DYING] },
          },
          reconnect: { initialDelayMs: 50, maxDelayMs: 500 },
          guards: [UpstreamPolicyGuard],
          logger: false,
        }),
      ],
      providers: [LocalTools, { provide: APP_GUARD, useClass: NoAtlantisGuard }],
    }).compile();
    gateway = moduleRef.createNestApplication({ logger: false });
    await gateway.listen(0, '127.0.0.1');
    const { port } = (gateway.getHttpServer() as Server).address() as AddressInfo;
    url = new URL(`http://127.0.0.1:${port}/mcp`);
    guard = moduleRef.get(UpstreamPolicyGuard);
    // Tools of server-everything that need client capabilities arrive after its handshake.
    const manager = gateway.get(McpClientManager);
    await waitFor(
      () =>
        manager.aggregate.tools.some(
          (t) => t.descriptor.name === 'everything__trigger-elicitation-request',
        ),
      { timeoutMs: 15_000, description: 'the capability-dependent tools of server-everything' },
    );
    sdk = await connectClient(url, {
      capabilities: { elicitation: { form: {} }, sampling: {} },
      setup: (client) => {
        client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
          listChanged += 1;
        });
        client.setRequestHandler(ElicitRequestSchema, () => ({
          action: 'accept',
          content: { name: 'Ada' },
        }));
        client.setRequestHandler(CreateMessageRequestSchema, (request) => ({
          role: 'assistant',
          content: {
            type: 'text',
            text: `downstream model saw ${request.params.maxTokens} tokens`,
          },
          model: 'downstream-model',
        }));
      },
    });
  }, 40_000);

  afterAll(async () => {
    await sdk?.close();
    (gateway?.getHttpServer() as Server | undefined)?.closeAllConnections();
    await gateway?.close();
    await weather?.close();
  }, 20_000);

  it('lists the tools, prompts and resources of both upstreams, namespaced', async () => {
    const { tools } = await sdk.client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'weather__get_forecast',
        'weather__slow_count',
        'everything__echo',
        'everything__trigger-sampling-request',
        'dying__crash',
      ]),
    );
    // Denied by the gateway guard, so hidden (McpModule hideDeniedFromLists).
    expect(names).not.toContain('everything__get-sum');
    const forecast = tools.find((t) => t.name === 'weather__get_forecast');
    expect(forecast?.description).toBe('Forecast for a city');
    expect(forecast?.inputSchema.properties).toHaveProperty('city');
    const { prompts } = await sdk.client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(
      expect.arrayContaining(['weather__greet', expect.stringMatching(/^everything__/)]),
    );
    const { resources } = await sdk.client.listResources();
    expect(resources.map((r) => r.uri)).toContain('weather://stations');
  });

  it('routes each call to its upstream, arguments included', async () => {
    const forecast = await sdk.client.callTool({
      name: 'weather__get_forecast',
      arguments: { city: 'Oslo' },
    });
    expect(textOf(forecast)).toBe('sunny in Oslo');
    const echo = await sdk.client.callTool({
      name: 'everything__echo',
      arguments: { message: 'through the gateway' },
    });
    expect(textOf(echo)).toBe('Echo: through the gateway');
    const prompt = await sdk.client.getPrompt({
      name: 'weather__greet',
      arguments: { who: 'Ada' },
    });
    expect(JSON.stringify(prompt.messages)).toContain('Say hello to Ada');
    const read = await sdk.client.readResource({ uri: 'weather://stations' });
    expect(read.contents[0]).toMatchObject({ text: 'oslo,bergen' });
  });

  it("forwards completion of an upstream prompt's arguments, context included", async () => {
    const ref = { type: 'ref/prompt' as const, name: 'everything__completable-prompt' };
    const departments = await sdk.client.complete({
      ref,
      argument: { name: 'department', value: 'S' },
    });
    expect(departments.completion.values).toEqual(['Sales', 'Support']);
    const names = await sdk.client.complete({
      ref,
      argument: { name: 'name', value: '' },
      context: { arguments: { department: 'Marketing' } },
    });
    expect(names.completion.values).toEqual(['Grace', 'Henry', 'Iris']);
  });

  it('forwards upstream progress to the downstream client', async () => {
    const progress: number[] = [];
    const result = await sdk.client.callTool(
      { name: 'weather__slow_count', arguments: { steps: 3 } },
      undefined,
      { onprogress: (p) => progress.push(p.progress) },
    );
    expect(textOf(result)).toBe('counted 3');
    expect(progress).toEqual([1, 2, 3]);
  });

  it('cancels the upstream call when the downstream client cancels', async () => {
    const abort = new AbortController();
    const call = sdk.client
      .callTool({ name: 'weather__wait_for_cancel', arguments: { key: 'gw' } }, undefined, {
        signal: abort.signal,
      })
      .catch((error: unknown) => error);
    await within(weather.tools.probe.wait('started:gw'), 10_000, 'the upstream call to start');
    abort.abort('user gave up');
    await within(weather.tools.probe.wait('aborted:gw'), 10_000, 'the upstream to see the cancel');
    expect(await call).toBeInstanceOf(Error);
  });

  it("forwards the upstream's elicitation to the downstream client", async () => {
    const result = await sdk.client.callTool({ name: 'weather__ask_name', arguments: {} });
    expect(textOf(result)).toBe('hello Ada');
  });

  it("forwards the upstream's sampling request to the downstream client", async () => {
    const result = await sdk.client.callTool({
      name: 'everything__trigger-sampling-request',
      arguments: { prompt: 'Say hi', maxTokens: 20 },
    });
    expect(textOf(result)).toContain('downstream model saw 20 tokens');
  });

  it('serves a 2026-07-28 client too: an upstream elicitation becomes its input round', async () => {
    const client = new McpClient({
      transport: new StreamableHttpClientTransport(url),
      elicitation: () => ({ action: 'accept', content: { name: 'Grace' } }),
    });
    try {
      await client.connect();
      expect(client.era).toBe('modern');
      const result = await client.callTool('weather__ask_name', {});
      expect(textOf(result)).toBe('hello Grace');
      const forecast = await client.callTool('weather__get_forecast', { city: 'Lima' });
      expect(textOf(forecast)).toBe('sunny in Lima');
    } finally {
      await client.close();
    }
  });

  it('runs the gateway guards, which see the upstream target', async () => {
    const denied = await sdk.client.callTool({
      name: 'everything__get-sum',
      arguments: { a: 1, b: 2 },
    });
    expect(denied).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Forbidden resource' }],
    });
    expect(guard.seen).toContainEqual({
      kind: 'tool',
      server: 'everything',
      name: 'everything__get-sum',
      upstreamName: 'get-sum',
    });
  });

  it("runs the app's global guards on forwarded calls", async () => {
    const denied = await sdk.client.callTool({
      name: 'weather__get_forecast',
      arguments: { city: 'Atlantis' },
    });
    expect(denied).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Forbidden resource' }],
    });
  });

  it('leaves an upstream item out when a local tool has its name', async () => {
    const result = await sdk.client.callTool({ name: 'everything__get-env', arguments: {} });
    expect(textOf(result)).toBe('local env');
  });

  it('refuses an unknown namespaced tool with -32602', async () => {
    const error = await sdk.client
      .callTool({ name: 'weather__nope', arguments: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SdkMcpError);
    expect((error as SdkMcpError).code).toBe(-32602);
    expect((error as SdkMcpError).message).toContain('weather__nope');
  });

  it('answers with an error naming the upstream when it dies mid-call (never hangs)', async () => {
    const error = await within(
      sdk.client.callTool({ name: 'dying__crash', arguments: {} }).catch((e: unknown) => e),
      10_000,
      'the call to a dying upstream to settle',
    );
    expect(error).toBeInstanceOf(SdkMcpError);
    expect((error as SdkMcpError).code).toBe(-32603);
    expect((error as SdkMcpError).message).toMatch(/MCP server "dying" failed: .*(exit|closed)/i);
    // It is started again (so the next test sees no list change of its own making).
    const manager = gateway.get(McpClientManager);
    await waitFor(
      () =>
        manager.status('dying').state === 'ready' &&
        manager.aggregate.tools.some((t) => t.server === 'dying'),
      { timeoutMs: 10_000, description: 'the dying upstream to be back' },
    );
  }, 20_000);

  it('sends list_changed downstream when an upstream list changes, and serves the new tool', async () => {
    const before = listChanged;
    weather.server.registerTool({ name: 'added_later', description: 'new' }, () => 'late tool');
    // The previous test's upstream restart may send a list_changed of its own first: wait for
    // one that comes with the new tool listed.
    await waitFor(
      async () =>
        listChanged > before &&
        (await sdk.client.listTools()).tools.some((t) => t.name === 'weather__added_later'),
      {
        timeoutMs: 10_000,
        intervalMs: 100,
        description: 'list_changed downstream and the new tool listed',
      },
    );
    const result = await sdk.client.callTool({ name: 'weather__added_later', arguments: {} });
    expect(textOf(result)).toBe('late tool');
  }, 15_000);
});
