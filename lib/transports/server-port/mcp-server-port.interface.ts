import type { TransportKind } from '../../engine/transport-info.interface.js';
import type { McpSessionPort } from './mcp-session-port.interface.js';

/**
 * What a server transport needs from the MCP server (the engine-facing part of lib/server
 * satisfies it structurally): open a session per connection or HTTP session, and report failures
 * that happen outside any request handler. Transports are typed against this port so they never
 * import lib/server.
 */
export interface McpServerPort {
  /** Opens a session for a transport; the server tracks it until it closes. */
  createSession(id: string | undefined, transport: TransportKind): McpSessionPort;
  /** Logs an unexpected transport failure through the server's logger. */
  reportError(error: unknown, message: string): void;
}
