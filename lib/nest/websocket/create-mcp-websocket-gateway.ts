import { Inject, Injectable, Optional, type Type } from '@nestjs/common';
import { ApplicationConfig, HttpAdapterHost } from '@nestjs/core';
import { McpServer } from '../../server/mcp-server.js';
import type { WebSocketTransportOptions } from '../../transports/websocket/websocket-transport.options.js';
import { MCP_WEBSOCKET_OPTIONS, McpWebSocketGateway } from './mcp-websocket.gateway.js';

/** WebSocket options other than the path (the path is the factory's first argument). */
export type McpWebSocketGatewayOptions = Omit<WebSocketTransportOptions, 'path'>;

/** The entries of `value` that are not `undefined` (so they never mask a default). */
export function definedOnly<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(
    Object.entries(value ?? {}).filter(([, v]) => v !== undefined),
  ) as Partial<T>;
}

/**
 * Creates the injectable MCP WebSocket gateway for a path. Provide it in a module that can inject
 * `McpServer` (a module importing `McpModule`, or `McpModule` itself through its `websocket`
 * extra); `MCP_WEBSOCKET_OPTIONS`, when provided, overrides `options` at runtime.
 *
 * **Why this is not a `@WebSocketGateway()`.** In `@nestjs/websockets` every gateway of an app
 * goes through the one adapter set with `app.useWebSocketAdapter()`; there is no per-gateway
 * adapter. A decorated gateway would therefore (a) force socket.io on apps that set no adapter
 * (Nest's default, and a hard failure when `@nestjs/platform-socket.io` is missing), (b) be
 * unusable in apps whose own gateways run on socket.io, and (c) receive MCP traffic through the
 * adapter's `{ event, data }` message parser, which MCP frames do not fit. So this gateway is a
 * provider with lifecycle hooks that gives MCP its own `ws` server (`noServer`) on the app's HTTP
 * server at `path`, does its own JSON-RPC framing on the raw socket, and leaves the app's adapter
 * and message parser untouched:
 * - app with a `WsAdapter` (`@nestjs/platform-ws`) on the same HTTP server: that adapter owns
 *   the `upgrade` event and destroys upgrades to paths it does not know, so the MCP server is
 *   registered through the adapter's public `create(0, { path })`, exactly like a `ws` gateway at
 *   another path. The app's gateways and the MCP endpoint then share its upgrade routing.
 * - any other app (no adapter, socket.io, a `WsAdapter` on another port): an `upgrade` listener
 *   that takes only `path` and leaves other paths to their owners (socket.io's engine waits
 *   and only ends upgrades nobody answered).
 *
 * `ws` is loaded lazily; when it is missing, bootstrap fails with `npm install ws`.
 * @param path absolute path of the endpoint (the global prefix does not apply). Default `/ws`.
 * @example
 * ```ts
 * @Module({
 *   imports: [McpModule.forRoot({ name: 'weather', version: '1.0.0' })],
 *   providers: [WeatherTools, createMcpWebSocketGateway('/mcp-ws', { keepAliveMs: 15_000 })],
 * })
 * export class AppModule {}
 * ```
 */
export function createMcpWebSocketGateway(
  path = '/ws',
  options: McpWebSocketGatewayOptions = {},
): Type<McpWebSocketGateway> {
  @Injectable()
  class McpWebSocketGatewayHost extends McpWebSocketGateway {
    constructor(
      server: McpServer,
      adapterHost: HttpAdapterHost,
      config: ApplicationConfig,
      @Optional() @Inject(MCP_WEBSOCKET_OPTIONS) runtime?: McpWebSocketGatewayOptions,
    ) {
      super(server, adapterHost, config, { ...options, ...definedOnly(runtime), path });
    }
  }
  return McpWebSocketGatewayHost;
}
