import { Module, type DynamicModule } from '@nestjs/common';
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

  /** One module importing and re-exporting a module per client (each keeps its options private). */
  private static group(clients: DynamicModule[]): DynamicModule {
    return { module: McpClientModule, imports: clients, exports: clients };
  }
}

function isList<T extends object>(options: T | readonly T[]): options is readonly T[] {
  return Array.isArray(options);
}
