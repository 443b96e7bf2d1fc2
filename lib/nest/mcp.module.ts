import { Logger, Module, type OnModuleDestroy } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { McpServer } from '../server/mcp-server.js';
import { InMemoryEventStore } from '../server/stores/in-memory-event-store.js';
import { InMemoryMessageBus } from '../server/stores/in-memory-message-bus.js';
import { InMemorySessionStore } from '../server/stores/in-memory-session-store.js';
import { StreamableHttpHandler } from '../transports/http/streamable-http.handler.js';
import { McpMetadataAccessor } from './discovery/mcp-metadata.accessor.js';
import { McpExplorer } from './discovery/mcp.explorer.js';
import { McpRawBody } from './http/mcp-raw-body.js';
import type { McpModuleOptions } from './mcp-module-options.interface.js';
import { MCP_MODULE_OPTIONS, McpConfigurableModule } from './mcp.module-definition.js';

/**
 * Gives a NestJS app an MCP server: discovers `@Tool`, `@Prompt`, `@Resource` and
 * `@ResourceTemplate` methods on providers and serves them over Streamable HTTP.
 * @example
 * ```ts
 * @Module({ imports: [McpModule.forRoot({ name: 'weather', version: '1.0.0' })], providers: [WeatherTools] })
 * export class AppModule {}
 * ```
 */
@Module({
  imports: [DiscoveryModule],
  providers: [
    McpMetadataAccessor,
    McpExplorer,
    McpRawBody,
    {
      provide: McpServer,
      inject: [MCP_MODULE_OPTIONS],
      useFactory: (options: McpModuleOptions) =>
        new McpServer(
          { ...options, logger: new Logger('McpServer') },
          options.messageBus ?? new InMemoryMessageBus(),
        ),
    },
    {
      provide: StreamableHttpHandler,
      inject: [McpServer, MCP_MODULE_OPTIONS],
      useFactory: (server: McpServer, options: McpModuleOptions) =>
        new StreamableHttpHandler(
          server,
          options,
          options.eventStore ?? new InMemoryEventStore(),
          options.sessionStore ?? new InMemorySessionStore(),
        ),
    },
  ],
  exports: [McpServer],
})
export class McpModule extends McpConfigurableModule implements OnModuleDestroy {
  constructor(
    private readonly server: McpServer,
    private readonly http: StreamableHttpHandler,
  ) {
    super();
  }

  /**
   * Ends every session and stream. Runs on module destroy, before Nest closes the HTTP server,
   * which would otherwise wait forever for open SSE streams.
   */
  onModuleDestroy(): void {
    this.http.close();
    this.server.close();
  }
}
