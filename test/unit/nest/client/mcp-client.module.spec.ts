import 'reflect-metadata';
import type { DynamicModule, Provider } from '@nestjs/common';
import type { ClientTransport } from '../../../../lib/client/client-transport.interface.js';
import { McpClient } from '../../../../lib/client/mcp-client.js';
import { McpClientModule } from '../../../../lib/nest/client/mcp-client.module.js';
import { MCP_CLIENT_MODULE_OPTIONS } from '../../../../lib/nest/client/mcp-client.module-definition.js';
import { getMcpClientToken } from '../../../../lib/nest/client/mcp-client.tokens.js';

const transport = (): ClientTransport => {
  throw new Error('not connected in this spec');
};

function optionsProvider(module: DynamicModule): Provider | undefined {
  return module.providers?.find(
    (provider) => typeof provider === 'object' && provider.provide === MCP_CLIENT_MODULE_OPTIONS,
  );
}

describe('McpClientModule definitions', () => {
  it('exports the named client token, keeps the options private and leaves the extras out', () => {
    const module = McpClientModule.register({ name: 'weather', transport, lazyConnect: true });
    expect(module.module).toBe(McpClientModule);
    expect(module.global).toBe(false);
    expect(module.exports).toEqual([getMcpClientToken('weather')]);
    expect(optionsProvider(module)).toEqual({
      provide: MCP_CLIENT_MODULE_OPTIONS,
      useValue: { transport, lazyConnect: true },
    });
  });

  it('exports the default client also by its class', () => {
    const module = McpClientModule.register({ transport });
    expect(module.exports).toEqual([getMcpClientToken(), McpClient]);
  });

  it('makes the module global with isGlobal, also for registerAsync', () => {
    expect(McpClientModule.register({ transport, isGlobal: true }).global).toBe(true);
    const async = McpClientModule.registerAsync({
      name: 'files',
      isGlobal: true,
      useFactory: () => ({ transport }),
    });
    expect(async.global).toBe(true);
    expect(async.exports).toEqual([getMcpClientToken('files')]);
  });

  it('groups several registrations, one module each, re-exported', () => {
    const group = McpClientModule.register([
      { name: 'a', transport },
      { name: 'b', transport },
    ]);
    const inner = group.imports as DynamicModule[];
    expect(inner.map((module) => module.exports)).toEqual([
      [getMcpClientToken('a')],
      [getMcpClientToken('b')],
    ]);
    expect(group.exports).toEqual(inner);
    expect(group.providers ?? []).toEqual([]);
  });
});
