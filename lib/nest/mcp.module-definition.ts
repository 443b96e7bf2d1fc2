import { ConfigurableModuleBuilder, type DynamicModule } from '@nestjs/common';
import { createStreamableHttpController } from './http/create-streamable-http-controller.js';
import { MCP_HTTP_PATHS } from './http/mcp-raw-body.js';
import type { McpModuleExtras, McpModuleOptions } from './mcp-module-options.interface.js';
import { createMcpWebSocketProviders } from './websocket/mcp-websocket.providers.js';

/** Normalises a route path to `/a/b` form. */
export function normalisePath(path: string): string {
  return '/' + path.split('/').filter(Boolean).join('/');
}

/**
 * The module builder: `forRoot(options & extras)` and `forRootAsync({ useFactory | useClass |
 * useExisting, imports, inject } & extras)`. Extras decide which controllers are created.
 */
export const {
  ConfigurableModuleClass: McpConfigurableModule,
  MODULE_OPTIONS_TOKEN: MCP_MODULE_OPTIONS,
  OPTIONS_TYPE: MCP_OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE: MCP_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<McpModuleOptions>({ moduleName: 'Mcp' })
  .setClassMethodName('forRoot')
  .setExtras<McpModuleExtras>(
    { path: 'mcp', http: true, isGlobal: false, websocket: false },
    // Annotated: the body refers to MCP_MODULE_OPTIONS, which this builder defines.
    (definition, extras): DynamicModule => {
      const path = normalisePath(extras.path ?? 'mcp');
      const http = extras.http !== false;
      const websocket = extras.websocket === true ? {} : extras.websocket || undefined;
      return {
        ...definition,
        global: extras.isGlobal,
        controllers: http ? [createStreamableHttpController(path)] : [],
        providers: [
          ...(definition.providers ?? []),
          { provide: MCP_HTTP_PATHS, useValue: http ? [path] : [] },
          ...(websocket ? createMcpWebSocketProviders(websocket, MCP_MODULE_OPTIONS) : []),
        ],
      };
    },
  )
  .build();
