import type { ExecutionContext } from '@nestjs/common';
import { McpContext } from '../../server/context/mcp-context.js';
import type { McpSessionHandle } from '../../server/context/mcp-context.js';
import { McpArgIndex, type McpRequestLike } from './mcp-pipeline-args.js';

export type { McpRequestLike } from './mcp-pipeline-args.js';

/** The context type of MCP handlers: `context.getType<McpContextType>() === 'mcp'`. */
export type McpContextType = 'mcp';

/**
 * What guards, interceptors and filters can read of an MCP call.
 * @typeParam TArgs the tool's or prompt's arguments (default: a plain record)
 * @typeParam TRequest the request type (default: {@link McpRequestLike}; an `IncomingMessage`
 *   or Express `Request` over HTTP)
 */
export interface McpCallContext<
  TArgs = Record<string, unknown> | undefined,
  TRequest extends McpRequestLike = McpRequestLike,
> {
  /** Validated arguments of the tool or prompt (template variables for templates, the URL for resources). */
  args: TArgs;
  /** The McpContext (method, request id, client info, transport ...). */
  mcp: McpContext;
  /** The session handle, if any. */
  session: McpSessionHandle | undefined;
  /**
   * What `switchToHttp().getRequest()` returns: the HTTP request that carried the call, the
   * WebSocket upgrade request, or on stdio a stand-in with `headers: {}` and no user.
   */
  request: TRequest;
  /** What `switchToHttp().getResponse()` returns: the HTTP response (HTTP transports only). */
  response: unknown;
}

/** Reads MCP facts from a Nest ExecutionContext (in guards, interceptors and filters). */
export const McpExecutionContext = {
  /** True when the context is an MCP call. */
  isMcp(context: Pick<ExecutionContext, 'getType'>): boolean {
    return context.getType<string>() === 'mcp';
  },

  /** The MCP call behind an execution context; throws when it is not an MCP context. */
  create<
    TArgs = Record<string, unknown> | undefined,
    TRequest extends McpRequestLike = McpRequestLike,
  >(context: Pick<ExecutionContext, 'getType' | 'getArgs'>): McpCallContext<TArgs, TRequest> {
    const args = context.getArgs<unknown[]>();
    const mcp = args[McpArgIndex.Context];
    if (context.getType<string>() !== 'mcp' || !(mcp instanceof McpContext)) {
      throw new TypeError('McpExecutionContext.create() needs the context of an MCP handler');
    }
    return {
      args: args[McpArgIndex.Args] as TArgs,
      mcp,
      session: mcp.session,
      request: args[McpArgIndex.Request] as TRequest,
      response: args[McpArgIndex.Response],
    };
  },
};
