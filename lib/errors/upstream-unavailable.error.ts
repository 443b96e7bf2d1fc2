import { ErrorCode } from '../protocol/error-codes.js';
import { McpError } from './mcp.error.js';

/**
 * A client manager call routed to a server that is not connected (connecting, reconnecting,
 * failed). An `McpError` (`-32603`, data `{ server, state }`), so a gateway answers the
 * downstream client with it.
 */
export class UpstreamUnavailableError extends McpError {
  constructor(
    /** The server's name. */
    readonly server: string,
    /** Its state. */
    readonly state: string,
    lastError?: Error,
  ) {
    const why = lastError ? ` (last error: ${lastError.message})` : '';
    super(ErrorCode.InternalError, `MCP server "${server}" is ${state}${why}`, { server, state });
    this.name = 'UpstreamUnavailableError';
  }
}
