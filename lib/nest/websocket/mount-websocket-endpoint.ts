import type { Server } from 'node:http';
import type { McpServer } from '../../server/mcp-server.js';
import {
  attachMcpWebSocket,
  type McpWebSocketEndpoint,
} from '../../transports/websocket/attach-mcp-websocket.js';
import {
  McpWebSocketServer,
  type WsConnectionSource,
} from '../../transports/websocket/mcp-websocket-server.js';
import type { WebSocketTransportOptions } from '../../transports/websocket/websocket-transport.options.js';

/**
 * How the endpoint reached the HTTP server: through the app's own `WsAdapter` (which answers
 * every upgrade of that server and destroys paths it does not know), or with an `upgrade`
 * listener of its own that takes only its path.
 */
export type WebSocketMountMode = 'ws-adapter' | 'upgrade-listener';

/** A mounted endpoint and how it was mounted. */
export interface MountedWebSocketEndpoint extends McpWebSocketEndpoint {
  readonly mode: WebSocketMountMode;
}

/** What the endpoint needs from `@nestjs/platform-ws`'s `WsAdapter`: its public `create()`. */
interface PathServerFactory {
  create(port: number, options: Record<string, unknown> & { path: string }): unknown;
}

/** The `ws` server the adapter creates. */
type AdapterWsServer = WsConnectionSource & { close(callback: () => void): void };

/**
 * The app's WS adapter when it is a `WsAdapter` (or a subclass) bound to this HTTP server. Such an
 * adapter owns the server's `upgrade` event: its listener destroys every upgrade to a path none
 * of its servers has, so a second listener could never complete a handshake. The adapter's public
 * `create(0, { path })` is how gateways share it, and how this endpoint joins them.
 */
async function sharedWsAdapter(
  adapter: unknown,
  httpServer: Server,
): Promise<PathServerFactory | undefined> {
  if (adapter === undefined || adapter === null) return undefined;
  let WsAdapter: (typeof import('@nestjs/platform-ws'))['WsAdapter'];
  try {
    ({ WsAdapter } = await import('@nestjs/platform-ws'));
  } catch {
    return undefined; // Not installed: the app's adapter cannot be one.
  }
  if (!(adapter instanceof WsAdapter)) return undefined;
  return Reflect.get(adapter, 'httpServer') === httpServer ? adapter : undefined;
}

/**
 * Mounts the MCP WebSocket endpoint on a Nest app's HTTP server at `options.path`, without
 * touching the app's WS adapter: with the app's `WsAdapter` when it has one on this server
 * (so its gateways and this endpoint share its upgrade routing), otherwise with a path-scoped
 * `upgrade` listener (no adapter, socket.io, or a `WsAdapter` on another port).
 * @throws Error naming the package to install when `ws` is needed and missing.
 */
export async function mountWebSocketEndpoint(
  httpServer: Server,
  appAdapter: unknown,
  mcpServer: McpServer,
  options: WebSocketTransportOptions,
): Promise<MountedWebSocketEndpoint> {
  const adapter = await sharedWsAdapter(appAdapter, httpServer);
  if (!adapter) {
    return {
      mode: 'upgrade-listener',
      ...(await attachMcpWebSocket(httpServer, mcpServer.core, options)),
    };
  }
  const endpoint = new McpWebSocketServer(mcpServer.core, options);
  const wss = adapter.create(0, {
    ...endpoint.wsServerOptions(),
    path: endpoint.options.path,
  }) as AdapterWsServer;
  endpoint.serve(wss);
  let closed: Promise<void> | undefined;
  return {
    mode: 'ws-adapter',
    server: endpoint,
    close() {
      closed ??= (async () => {
        await endpoint.close();
        // A closed `ws` server answers any later upgrade the adapter routes to it with 503.
        await new Promise<void>((resolve) => wss.close(() => resolve()));
      })();
      return closed;
    },
  };
}
