/**
 * The server transports of the public surface, for use outside Nest (pass `McpServer.core`),
 * re-exported by `lib/index.ts`. Named exports only: what is not listed here is internal.
 */
// ── Server transports ────────────────────────────────────────────────────────────────────────
export type { McpServerPort } from './server-port/mcp-server-port.interface.js';
export type { McpSessionPort } from './server-port/mcp-session-port.interface.js';
export type { HostOriginOptions } from './shared/host-origin.options.js';
export { StreamableHttpHandler } from './http/streamable-http.handler.js';
export type { StreamableHttpOptions } from './http/streamable-http.options.js';
export { SseHandler } from './sse/sse.handler.js';
export type { SseTransportOptions } from './sse/sse-transport.options.js';
export {
  StdioServerTransport,
  type StdioServerTransportOptions,
  type StdioCloseReason,
} from './stdio/stdio-server.transport.js';
export { attachMcpWebSocket, type McpWebSocketEndpoint } from './websocket/attach-mcp-websocket.js';
export { McpWebSocketServer } from './websocket/mcp-websocket-server.js';
export type { WebSocketTransportOptions } from './websocket/websocket-transport.options.js';
export { MCP_WEBSOCKET_SUBPROTOCOL, WebSocketCloseCode } from './websocket/websocket-protocol.js';
