import type { InjectionToken, Provider } from '@nestjs/common';
import {
  pickHostOriginOptions,
  type HostOriginOptions,
} from '../../transports/shared/host-origin.options.js';
import {
  createMcpWebSocketGateway,
  definedOnly,
  type McpWebSocketGatewayOptions,
} from './create-mcp-websocket-gateway.js';
import { MCP_WEBSOCKET_OPTIONS, McpWebSocketGateway } from './mcp-websocket.gateway.js';

/**
 * The `websocket` extra of `McpModule.forRoot()` / `forRootAsync()`: where to mount the gateway
 * (absolute `path`, default `/ws`) and its settings. Origin checks default to the module's
 * `dnsRebindingProtection`, `allowedHosts` and `allowedOrigins` options.
 */
export type McpWebSocketSettings = { path?: string } & McpWebSocketGatewayOptions;

/**
 * The providers that mount the MCP WebSocket gateway inside a module: the gateway for
 * `settings.path`, an alias so `app.get(McpWebSocketGateway)` finds it, and
 * `MCP_WEBSOCKET_OPTIONS`: the origin settings and `maxJsonDepth` of the module options behind `moduleOptionsToken`
 * (so `forRootAsync` configuration applies), overridden by what `settings` sets.
 */
export function createMcpWebSocketProviders(
  settings: McpWebSocketSettings,
  moduleOptionsToken: InjectionToken,
): Provider[] {
  const { path = '/ws', ...options } = settings;
  const Gateway = createMcpWebSocketGateway(path);
  return [
    Gateway,
    { provide: McpWebSocketGateway, useExisting: Gateway },
    {
      provide: MCP_WEBSOCKET_OPTIONS,
      inject: [moduleOptionsToken],
      useFactory: (
        module: HostOriginOptions & { maxJsonDepth?: number; auth?: unknown },
      ): McpWebSocketGatewayOptions => {
        if (module.auth !== undefined) {
          // The upgrade bypasses Nest's guards: an unprotected endpoint next to a protected one
          // would be a way around the bearer checks, so the combination fails the bootstrap.
          throw new Error(
            'McpModule: the auth option protects the Streamable HTTP and legacy SSE endpoints, not ' +
              'the WebSocket one; remove the websocket extra, or serve WebSocket from a module ' +
              'without auth behind your own upgrade check',
          );
        }
        return {
          ...pickHostOriginOptions(module),
          ...definedOnly({ maxJsonDepth: module.maxJsonDepth }),
          ...definedOnly(options),
        };
      },
    },
  ];
}
