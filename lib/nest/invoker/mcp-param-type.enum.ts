import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';

/** What an MCP handler parameter decorator extracts. */
export enum McpParamType {
  /** The validated arguments (or one argument by name). */
  ARGS = 0,
  /** The McpContext. */
  CONTEXT = 1,
  /** The session handle (id and state). */
  SESSION = 2,
  /** The underlying HTTP request (or socket), when the transport has one. */
  REQUEST = 3,
}

/**
 * Metadata key of MCP handler parameters. Nest's own route-arguments key, as `@nestjs/websockets`
 * uses it: Nest instantiates pipe classes (`@McpArgs(ValidationPipe)`) only from this key.
 */
export const MCP_PARAM_ARGS_METADATA = ROUTE_ARGS_METADATA;
