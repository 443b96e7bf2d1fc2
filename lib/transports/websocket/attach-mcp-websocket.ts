import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { McpServerCore as McpServer } from '../../server/mcp-server-core.js';
import { loadWs } from './load-ws.js';
import { McpWebSocketServer } from './mcp-websocket-server.js';
import type { WebSocketTransportOptions } from './websocket-transport.options.js';

/** A WebSocket endpoint attached to an HTTP server. */
export interface McpWebSocketEndpoint {
  /** The MCP side (sessions, connection count). */
  readonly server: McpWebSocketServer;
  /** Stops accepting upgrades, closes every socket (1001) and detaches from the HTTP server. */
  close(): Promise<void>;
}

/** The pathname of a request target (`/ws?token=x` -> `/ws`), without a trailing slash. */
export function requestPathname(url: string | undefined): string {
  const target = url ?? '/';
  const query = target.indexOf('?');
  const path = query === -1 ? target : target.slice(0, query);
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** Refuses an upgrade nobody serves, as Node does when no `upgrade` listener exists. */
function refuseUpgrade(socket: Duplex, status: string): void {
  if (socket.writable) {
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }
  socket.destroy();
}

/**
 * Serves MCP over WebSocket at `options.path` of a Node HTTP(S) server, next to whatever else the
 * server does: it listens to the server's `upgrade` event and takes only requests for its own
 * path, leaving every other path to the other listeners (socket.io, another `ws` server ...).
 * When it is the only `upgrade` listener, an upgrade to another path gets 404.
 * Loads `ws` lazily.
 * @throws Error naming the package to install when `ws` is missing.
 */
export async function attachMcpWebSocket(
  httpServer: Server,
  mcpServer: McpServer,
  options: WebSocketTransportOptions = {},
): Promise<McpWebSocketEndpoint> {
  const { WebSocketServer } = await loadWs('The MCP WebSocket transport');
  const endpoint = new McpWebSocketServer(mcpServer, options);
  const wss = new WebSocketServer(endpoint.wsServerOptions());
  const path = endpoint.options.path;
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (requestPathname(request.url) !== path) {
      if (httpServer.listenerCount('upgrade') === 1) refuseUpgrade(socket, '404 Not Found');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => endpoint.accept(ws, request));
  };
  httpServer.on('upgrade', onUpgrade);
  let closed: Promise<void> | undefined;
  return {
    server: endpoint,
    close() {
      closed ??= (async () => {
        httpServer.off('upgrade', onUpgrade);
        await endpoint.close();
        await new Promise<void>((resolve) => wss.close(() => resolve()));
      })();
      return closed;
    },
  };
}
