import 'reflect-metadata';
import { Test } from '@nestjs/testing';
import {
  McpClientManager,
  McpClientModule,
  McpNameCollisionError,
  McpServersConfigError,
  type McpClientManagerModuleOptions,
} from '../../../lib/index.js';
import { startUpstream, type UpstreamApp } from './support/upstream-app.js';

/** Boots a testing module with the manager; resolves with the manager or rejects with the error. */
async function boot(module: ReturnType<typeof McpClientModule.forServers>) {
  const moduleRef = await Test.createTestingModule({ imports: [module] }).compile();
  try {
    await moduleRef.init();
    return { manager: moduleRef.get(McpClientManager), close: () => moduleRef.close() };
  } catch (error) {
    await moduleRef.close().catch(() => undefined);
    throw error;
  }
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the startup to fail');
    },
    (error: unknown) => error as Error,
  );

describe('McpClientModule.forServers: startup errors', () => {
  let alpha: UpstreamApp;
  let beta: UpstreamApp;

  beforeAll(async () => {
    [alpha, beta] = await Promise.all([startUpstream('alpha'), startUpstream('beta')]);
  });

  afterAll(async () => {
    await Promise.all([alpha?.close(), beta?.close()]);
  });

  it("fails startup on a collision under 'error', naming both servers", async () => {
    const error = await failureOf(
      boot(
        McpClientModule.forServers({
          mcpServers: { alpha: { url: alpha.url }, beta: { url: beta.url } },
          namespace: { collisions: 'error' },
          logger: false,
        }),
      ),
    );
    expect(error).toBeInstanceOf(McpNameCollisionError);
    expect(error.message).toMatch(/^Tool "get_forecast" is offered by both "alpha" and "beta"/);
    expect((error as McpNameCollisionError).servers).toEqual(['alpha', 'beta']);
  });

  it("prefixes only the shared names under 'prefix-on-collision'", async () => {
    alpha.server.registerTool({ name: 'only_alpha' }, () => 'a');
    try {
      const { manager, close } = await boot(
        McpClientModule.forServers({
          mcpServers: { alpha: { url: alpha.url }, beta: { url: beta.url } },
          namespace: { collisions: 'prefix-on-collision', separator: '.' },
          logger: false,
        }),
      );
      const names = manager.aggregate.tools.map((t) => t.descriptor.name);
      expect(names).toEqual(
        expect.arrayContaining(['alpha.get_forecast', 'beta.get_forecast', 'only_alpha']),
      );
      expect(names).not.toContain('get_forecast');
      const result = await manager.callTool('beta.get_forecast', { city: 'Rome' });
      expect(result.content).toEqual([{ type: 'text', text: 'sunny in Rome' }]);
      await close();
    } finally {
      alpha.server.removeTool('only_alpha');
    }
  });

  it('fails startup on a malformed entry, naming its key', async () => {
    const error = await failureOf(
      boot(
        McpClientModule.forServers({
          mcpServers: {
            fine: { url: alpha.url },
            broken: { args: ['x'] } as never,
          },
          logger: false,
        }),
      ),
    );
    expect(error).toBeInstanceOf(McpServersConfigError);
    expect(error.message).toBe(
      'mcpServers.broken: needs "command" (a stdio server), "url" (a remote server) or "transport" (a broker)',
    );
  });

  it('fails startup on a malformed entry from an async factory, naming its key', async () => {
    const fromConfig = async (): Promise<McpClientManagerModuleOptions> => ({
      mcpServers: { remote: { url: 'ftp://example.com/mcp' } },
      logger: false,
    });
    const error = await failureOf(
      boot(McpClientModule.forServersAsync({ useFactory: fromConfig })),
    );
    expect(error).toBeInstanceOf(McpServersConfigError);
    expect(error.message).toBe(
      'mcpServers.remote: "url" ftp://example.com/mcp cannot be used with streamable-http',
    );
  });
});
