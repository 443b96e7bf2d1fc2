import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { McpClient } from '../../client/mcp-client.js';
import { ManagedMcpClient } from './managed-mcp-client.js';
import type {
  McpClientModuleAsyncOptions,
  McpClientModuleOptions,
} from './mcp-client-module-options.interface.js';
import { DEFAULT_MCP_CLIENT, getMcpClientToken } from './mcp-client.tokens.js';

function aliases(name: string): Provider[] {
  // The default client can also be injected by class.
  return name === DEFAULT_MCP_CLIENT
    ? [{ provide: McpClient, useExisting: getMcpClientToken(name) }]
    : [];
}

/**
 * Registers MCP clients for injection: one or many, each connected at module init and closed on
 * shutdown.
 * @example
 * ```ts
 * McpClientModule.register([
 *   { name: 'weather', transport: () => new StreamableHttpClientTransport(new URL('http://127.0.0.1:3000/mcp')) },
 * ]);
 * // constructor(@InjectMcpClient('weather') private readonly weather: McpClient) {}
 * ```
 */
@Module({})
export class McpClientModule {
  /** Registers clients from static options. */
  static register(
    options: McpClientModuleOptions | McpClientModuleOptions[],
    isGlobal = false,
  ): DynamicModule {
    const list = Array.isArray(options) ? options : [options];
    const providers = list.flatMap((config) => {
      const name = config.name ?? DEFAULT_MCP_CLIENT;
      const token = getMcpClientToken(name);
      return [
        { provide: token, useFactory: () => new ManagedMcpClient({ ...config, name }) },
        ...aliases(name),
      ];
    });
    return { module: McpClientModule, global: isGlobal, providers, exports: providers };
  }

  /** Registers clients whose options come from a factory (e.g. `ConfigService`). */
  static registerAsync(
    options: McpClientModuleAsyncOptions | McpClientModuleAsyncOptions[],
    isGlobal = false,
  ): DynamicModule {
    const list = Array.isArray(options) ? options : [options];
    const providers = list.flatMap((config) => {
      const name = config.name ?? DEFAULT_MCP_CLIENT;
      return [
        {
          provide: getMcpClientToken(name),
          inject: config.inject ?? [],
          useFactory: async (...args: never[]) =>
            new ManagedMcpClient({ ...(await config.useFactory(...args)), name }),
        },
        ...aliases(name),
      ];
    });
    return {
      module: McpClientModule,
      global: isGlobal,
      imports: list.flatMap((c) => c.imports ?? []),
      providers,
      exports: providers,
    };
  }
}
