import { McpError } from './mcp.error.js';

/** JSON-RPC code of a refused listen stream (implementation-defined range -32000..-32019). */
export const LISTEN_LIMIT_ERROR_CODE = -32000;

/**
 * A `subscriptions/listen` stream refused because the server already serves its `maxStreams`
 * (`data: { limit }`). Streamable HTTP answers it with status 429.
 */
export class ListenLimitError extends McpError {
  constructor(
    /** The configured `listen.maxStreams`. */
    readonly limit: number,
  ) {
    super(LISTEN_LIMIT_ERROR_CODE, `Too many listen streams (limit ${limit})`, { limit });
    this.name = 'ListenLimitError';
  }
}
