import { ConfigurableModuleBuilder, type DynamicModule } from '@nestjs/common';
import { normaliseRoutePath } from '../transports/shared/route-path.js';
import { createStreamableHttpController } from './http/create-streamable-http-controller.js';
import { endpointGuardsProvider } from './http/endpoint-guards.provider.js';
import { createExplorerController } from './explorer/create-explorer-controller.js';
import { resolveExplorer } from './explorer/explorer-settings.js';
import { EXPLORER_SANDBOX, ExplorerSandbox } from './explorer/sandbox/explorer-sandbox.js';
import { MCP_FAST_PATH, McpFastPathMount } from './http/mcp-fast-path.mount.js';
import { MCP_HTTP_PATHS } from './http/mcp-raw-body.js';
import type { McpModuleExtras, McpModuleOptions } from './mcp-module-options.interface.js';
import { createSseController } from './sse/create-sse-controller.js';
import { resolveSseExtras } from './sse/sse-module-extras.js';
import { MCP_SERVER_CARD, resolveServerCard } from './server-card/server-card-settings.js';
import { McpServerCardRoute } from './server-card/server-card.route.js';
import { createMcpWebSocketProviders } from './websocket/mcp-websocket.providers.js';
import { createMcpMicroserviceProviders } from './microservices/mcp-microservice.host.js';

/**
 * The module builder: `forRoot(options & extras)` and `forRootAsync({ useFactory | useClass |
 * useExisting, imports, inject } & extras)`. Extras decide which transports are mounted and where.
 */
export const {
  ConfigurableModuleClass: McpConfigurableModule,
  MODULE_OPTIONS_TOKEN: MCP_MODULE_OPTIONS,
  OPTIONS_TYPE: MCP_OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE: MCP_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<McpModuleOptions>({ moduleName: 'Mcp' })
  .setClassMethodName('forRoot')
  .setExtras<McpModuleExtras>(
    {
      path: 'mcp',
      http: true,
      fastPath: false,
      sse: false,
      isGlobal: false,
      websocket: false,
      explorer: false,
      serverCard: false,
      microservice: undefined,
    },
    // Annotated: the body refers to MCP_MODULE_OPTIONS, which this builder defines.
    (definition, extras): DynamicModule => {
      const path = normaliseRoutePath(extras.path ?? 'mcp');
      const http = extras.http !== false;
      const sse = resolveSseExtras(extras.sse);
      const websocket = extras.websocket === true ? {} : extras.websocket || undefined;
      const explorer = resolveExplorer(extras.explorer, http);
      const fastPath = extras.fastPath === true;
      const serverCard = resolveServerCard(extras.serverCard);
      if (fastPath && !http) {
        throw new Error('McpModule: fastPath serves the Streamable HTTP endpoint; it needs http');
      }
      if (http && sse && (sse.path === path || sse.messagesPath === path)) {
        throw new Error(
          `McpModule: the legacy SSE paths must differ from the Streamable HTTP path ${path}`,
        );
      }
      const endpoints = [
        ...(http && !fastPath ? [createStreamableHttpController(path)] : []),
        ...(sse ? [createSseController(sse.path, sse.messagesPath)] : []),
      ];
      return {
        ...definition,
        global: extras.isGlobal,
        controllers: [
          ...endpoints,
          ...(explorer ? [createExplorerController(explorer, path)] : []),
        ],
        providers: [
          ...(definition.providers ?? []),
          ...(endpoints.length > 0 ? [endpointGuardsProvider(endpoints)] : []),
          {
            provide: MCP_HTTP_PATHS,
            // The fast path reads its bodies before the framework's parsers run.
            useValue: [
              ...(http && !fastPath ? [path] : []),
              ...(sse ? [sse.path, sse.messagesPath] : []),
            ],
          },
          ...(fastPath ? [{ provide: MCP_FAST_PATH, useValue: path }, McpFastPathMount] : []),
          ...(websocket ? createMcpWebSocketProviders(websocket, MCP_MODULE_OPTIONS) : []),
          ...(extras.microservice ? createMcpMicroserviceProviders(extras.microservice) : []),
          ...(serverCard
            ? [
                {
                  provide: MCP_SERVER_CARD,
                  useValue: {
                    settings: serverCard,
                    ...(http && { streamablePath: path }),
                    ...(sse && { ssePath: sse.path }),
                  },
                },
                McpServerCardRoute,
              ]
            : []),
          ...(explorer
            ? [
                {
                  provide: EXPLORER_SANDBOX,
                  useFactory: () => new ExplorerSandbox(explorer.sandbox),
                },
              ]
            : []),
        ],
      };
    },
  )
  .build();
