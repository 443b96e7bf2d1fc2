import type { IncomingHttpHeaders } from 'node:http';
import type { McpContext } from '../../server/context/mcp-context.js';

/**
 * The request guards see for a call: the HTTP request, the WebSocket upgrade request, or on stdio
 * a stand-in with no headers and no user. `user` is where Passport and auth guards put the caller.
 */
export interface McpRequestLike {
  headers: IncomingHttpHeaders;
  user?: unknown;
}

/** Positions in the argument list of the `'mcp'` execution context. */
export const McpArgIndex = {
  /** `switchToHttp().getRequest()`. */
  Request: 0,
  /** `switchToHttp().getResponse()`. */
  Response: 1,
  /** The validated arguments of the tool or prompt. */
  Args: 2,
  /** The McpContext. */
  Context: 3,
} as const;

/**
 * The arguments Nest's pipeline gets for a call, laid out like an HTTP handler's so that
 * `context.switchToHttp().getRequest()` / `getResponse()` in guards written for REST work
 * unchanged: `[request, response, args, ctx]`. A transport without an HTTP request (stdio)
 * gets a fresh request-like object per call.
 */
export function pipelineArgs(first: unknown, ctx: McpContext): unknown[] {
  const { request, response } = ctx.transport;
  return [request ?? ({ headers: {} } satisfies McpRequestLike), response, first, ctx];
}
