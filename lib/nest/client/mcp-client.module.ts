import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { McpClientManager } from '../../client/manager/mcp-client-manager.js';
import { ManagedMcpClientManager } from './managed-mcp-client-manager.js';
import type {
  McpClientManagerAsyncOptions,
  McpClientManagerModuleOptions,
} from './mcp-client-manager-module-options.interface.js';
import { MCP_CLIENT_MANAGER_OPTIONS } from './mcp-client.tokens.js';
import {
  McpClientConfigurableModule,
  type McpClientAsyncRegistration,
  type McpClientRegistration,
} from './mcp-client.module-definition.js';

/**
 * Registers MCP clients for injection, each connected at module init (unless `lazyConnect`) and
 * closed on shutdown. One client per registration, named by `name` (default `'default'`, also
 * injectable as `McpClient`); an array registers several.
 * @example
 * ```ts
 * McpClientModule.register([
 *   { name: 'weather', transport: () => new StreamableHttpClientTransport(new URL('http://127.0.0.1:3000/mcp')) },
 * ]);
 * McpClientModule.registerAsync({ name: 'files', useClass: FilesClientOptions, isGlobal: true });
 * // constructor(@InjectMcpClient('weather') private readonly weather: McpClient) {}
 * ```
 */
@Module({})
export class McpClientModule extends McpClientConfigurableModule {
  /** Registers one client, or several, from static options. */
  static override register(
    options: McpClientRegistration | readonly McpClientRegistration[],
  ): DynamicModule {
    if (!isList(options)) return super.register(options);
    return McpClientModule.group(options.map((one) => super.register(one)));
  }

  /** Registers one client, or several, whose options come from `useFactory`, `useClass` or `useExisting`. */
  static override registerAsync(
    options: McpClientAsyncRegistration | readonly McpClientAsyncRegistration[],
  ): DynamicModule {
    if (!isList(options)) return super.registerAsync(options);
    return McpClientModule.group(options.map((one) => super.registerAsync(one)));
  }

  /**
   * Many servers as one injectable {@link McpClientManager}, from an `mcpServers` map as desktop
   * clients write it (stdio `command`/`args`/`env`/`cwd`, or remote `url`/`headers`/`transport`).
   * A malformed entry fails startup naming its key; at init every server connects at once, and
   * one that is down is retried in the background without blocking the others.
   * @example
   * ```ts
   * McpClientModule.forServers({
   *   mcpServers: {
   *     files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] },
   *     weather: { url: 'https://weather.example.com/mcp', headers: { authorization: 'Bearer …' } },
   *   },
   * });
   * // constructor(private readonly manager: McpClientManager) {}
   * ```
   */
  static forServers(
    options: McpClientManagerModuleOptions & { isGlobal?: boolean | undefined },
  ): DynamicModule {
    const { isGlobal, ...rest } = options;
    return McpClientModule.managerModule(
      { provide: MCP_CLIENT_MANAGER_OPTIONS, useValue: rest },
      [],
      isGlobal,
    );
  }

  /** {@link forServers} with options from a factory (e.g. `ConfigService`). */
  static forServersAsync(options: McpClientManagerAsyncOptions): DynamicModule {
    const { imports = [], inject = [], useFactory, isGlobal } = options;
    return McpClientModule.managerModule(
      { provide: MCP_CLIENT_MANAGER_OPTIONS, inject: inject as never[], useFactory },
      imports as DynamicModule[],
      isGlobal,
    );
  }

  private static managerModule(
    options: Provider,
    imports: DynamicModule[],
    isGlobal: boolean | undefined,
  ): DynamicModule {
    return {
      module: McpClientModule,
      global: isGlobal ?? false,
      imports,
      providers: [
        options,
        {
          provide: McpClientManager,
          inject: [MCP_CLIENT_MANAGER_OPTIONS],
          useFactory: (resolved: McpClientManagerModuleOptions) =>
            new ManagedMcpClientManager(resolved),
        },
      ],
      exports: [McpClientManager],
    };
  }

  /** One module importing and re-exporting a module per client (each keeps its options private). */
  private static group(clients: DynamicModule[]): DynamicModule {
    return { module: McpClientModule, imports: clients, exports: clients };
  }
}

function isList<T extends object>(options: T | readonly T[]): options is readonly T[] {
  return Array.isArray(options);
}
