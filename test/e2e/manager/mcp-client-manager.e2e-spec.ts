import 'reflect-metadata';
import { Test, type TestingModule } from '@nestjs/testing';
import { fileURLToPath } from 'node:url';
import { filter, firstValueFrom } from 'rxjs';
import {
  McpClientManager,
  McpClientModule,
  McpError,
  TransportError,
  UpstreamUnavailableError,
  type McpAggregatedTool,
} from '../../../lib/index.js';
import { waitFor, within } from '../support/wait.js';
import { freePort, startUpstream, type UpstreamApp } from './support/upstream-app.js';

const DYING = fileURLToPath(new URL('./support/dying-upstream.mjs', import.meta.url));
const names = (tools: readonly McpAggregatedTool[]) => tools.map((t) => t.descriptor.name);

/**
 * McpClientModule.forServers in a Nest testing module: three servers from an `mcpServers` map
 * (one of ours over Streamable HTTP, a stdio child that dies on its one tool, a URL nothing
 * listens on yet), aggregated, routed, and reconnected.
 */
describe('McpClientManager (McpClientModule.forServers)', () => {
  let alpha: UpstreamApp;
  let late: UpstreamApp | undefined;
  let downPort: number;
  let moduleRef: TestingModule;
  let manager: McpClientManager;

  beforeAll(async () => {
    alpha = await startUpstream('alpha');
    downPort = await freePort();
    moduleRef = await Test.createTestingModule({
      imports: [
        McpClientModule.forServers({
          mcpServers: {
            alpha: { url: alpha.url },
            dying: { command: process.execPath, args: [DYING] },
            down: { url: `http://127.0.0.1:${downPort}/mcp`, type: 'http' },
          },
          reconnect: { initialDelayMs: 50, maxDelayMs: 200 },
          pingIntervalMs: 100,
          client: { requestTimeoutMs: 10_000 },
          logger: false,
        }),
      ],
    }).compile();
    await moduleRef.init();
    manager = moduleRef.get(McpClientManager);
  }, 30_000);

  afterAll(async () => {
    await moduleRef?.close();
    await late?.close();
    await alpha?.close();
  });

  it('connects what it can at startup; the server that is down does not block the others', () => {
    const states = Object.fromEntries(manager.statuses.map((s) => [s.name, s.state]));
    expect(states).toEqual({ alpha: 'ready', dying: 'ready', down: 'reconnecting' });
    const down = manager.status('down');
    expect(down.lastError).toBeInstanceOf(Error);
    expect(down.failures).toBeGreaterThan(0);
    expect(manager.status('alpha').serverInfo?.name).toBe('alpha');
  });

  it('aggregates the ready servers, names prefixed with their server', () => {
    const tools = names(manager.aggregate.tools);
    expect(tools).toEqual(
      expect.arrayContaining(['alpha__get_forecast', 'alpha__slow_count', 'dying__crash']),
    );
    expect(tools.some((name) => name.startsWith('down__'))).toBe(false);
    const forecast = manager.aggregate.tools.find(
      (t) => t.descriptor.name === 'alpha__get_forecast',
    );
    expect(forecast).toMatchObject({ server: 'alpha', upstreamName: 'get_forecast' });
    expect(forecast?.descriptor.inputSchema.properties).toHaveProperty('city');
    expect(manager.aggregate.prompts.map((p) => p.descriptor.name)).toEqual(['alpha__greet']);
    expect(manager.aggregate.resources.map((r) => r.descriptor.uri)).toEqual([
      'weather://stations',
    ]);
  });

  it('routes calls, prompts and reads to the server that offers them', async () => {
    const result = await manager.callTool('alpha__get_forecast', { city: 'Oslo' });
    expect(result.content).toEqual([{ type: 'text', text: 'sunny in Oslo' }]);
    const progress: number[] = [];
    const counted = await manager.callTool(
      'alpha__slow_count',
      { steps: 3 },
      { onProgress: (p) => progress.push(p.progress) },
    );
    expect(counted.content).toEqual([{ type: 'text', text: 'counted 3' }]);
    expect(progress).toEqual([1, 2, 3]);
    const prompt = await manager.getPrompt('alpha__greet', { who: 'Ada' });
    expect(JSON.stringify(prompt.messages)).toContain('Say hello to Ada');
    const read = await manager.readResource('weather://stations');
    expect(read.contents[0]).toMatchObject({ uri: 'weather://stations', text: 'oslo,bergen' });
    expect(manager.get('alpha').serverInfo?.name).toBe('alpha');
  });

  it('refuses an unknown namespaced tool with -32602 naming it', async () => {
    const error = await manager.callTool('alpha__nope', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32602);
    expect((error as McpError).message).toBe('Unknown tool: alpha__nope');
  });

  it('refuses a call to a server that is down, naming it and its state', async () => {
    const error = await manager.callTool('down__get_forecast', {}).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect((error as Error).message).toMatch(/^MCP server "down" is (reconnecting|connecting)/);
    expect(() => manager.get('nope')).toThrow(
      'Unknown MCP server "nope" (configured: alpha, dying, down)',
    );
  });

  it('fails a call whose server dies mid-call (never hangs), then reconnects it', async () => {
    const failed = await within(
      manager.callTool('dying__crash', {}).then(
        () => undefined,
        (e: unknown) => e,
      ),
      10_000,
      'the call to a dying server to settle',
    );
    expect(failed).toBeInstanceOf(TransportError);
    expect((failed as Error).message).toMatch(/exit|closed/i);
    // The child is started again and its tool comes back.
    await waitFor(
      () => manager.status('dying').state === 'ready' && manager.status('dying').failures === 0,
      {
        timeoutMs: 10_000,
        description: 'the dying server to be reconnected',
      },
    );
    expect(names(manager.aggregate.tools)).toContain('dying__crash');
  }, 20_000);

  it('joins a server once it comes up (reconnect), and tools$ emits the new aggregate', async () => {
    const joined = firstValueFrom(
      manager.tools$.pipe(filter((tools) => names(tools).includes('down__get_forecast'))),
    );
    late = await startUpstream('late', downPort);
    const tools = await within(joined, 10_000, 'the late server in tools$');
    expect(names(tools)).toEqual(
      expect.arrayContaining(['alpha__get_forecast', 'down__get_forecast']),
    );
    expect(manager.status('down')).toMatchObject({ state: 'ready', failures: 0 });
    const result = await manager.callTool('down__get_forecast', { city: 'Bergen' });
    expect(result.content).toEqual([{ type: 'text', text: 'sunny in Bergen' }]);
  }, 20_000);

  it('follows an upstream list change', async () => {
    const changed = firstValueFrom(
      manager.tools$.pipe(filter((tools) => names(tools).includes('alpha__added_later'))),
    );
    alpha.server.registerTool({ name: 'added_later', description: 'new' }, () => 'late tool');
    await within(changed, 10_000, 'alpha__added_later in tools$');
    const result = await manager.callTool('alpha__added_later');
    expect(result.content).toEqual([{ type: 'text', text: 'late tool' }]);
  }, 15_000);

  it('takes a remote server that went away out of the aggregate (ping), and emits the change', async () => {
    const left = firstValueFrom(
      manager.tools$.pipe(filter((tools) => !names(tools).some((n) => n.startsWith('down__')))),
    );
    await late?.close();
    late = undefined;
    const tools = await within(left, 10_000, 'the gone server to leave tools$');
    expect(names(tools)).toContain('alpha__get_forecast');
    expect(manager.status('down').state).toBe('reconnecting');
    expect(manager.status('down').lastError).toBeInstanceOf(Error);
    const error = await manager.callTool('down__get_forecast', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamUnavailableError);
  }, 15_000);
});
