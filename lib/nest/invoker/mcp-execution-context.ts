import type { ExecutionContext } from '@nestjs/common';
import { McpContext } from '../../server/context/mcp-context.js';
import type { McpSessionHandle } from '../../server/context/mcp-context.js';

/** The context type of MCP handlers: `context.getType<McpContextType>() === 'mcp'`. */
export type McpContextType = 'mcp';

/** What guards, interceptors and filters can read of an MCP call. */
export interface McpCallContext {
  /** Validated arguments of the tool or prompt (template variables for templates, the URL for resources). */
  args: unknown;
  /** The McpContext (method, request id, client info, transport ...). */
  mcp: McpContext;
  /** The session handle, if any. */
  session: McpSessionHandle | undefined;
  /** The underlying HTTP request or socket, if any (e.g. to read `req.user`). */
  request: unknown;
}

/** Reads MCP facts from a Nest ExecutionContext (in guards, interceptors and filters). */
export const McpExecutionContext = {
  /** True when the context is an MCP call. */
  isMcp(context: Pick<ExecutionContext, 'getType'>): boolean {
    return context.getType<string>() === 'mcp';
  },

  /** The MCP call behind an execution context; throws when it is not an MCP context. */
  create(context: Pick<ExecutionContext, 'getType' | 'getArgs'>): McpCallContext {
    const [args, mcp] = context.getArgs<[unknown, McpContext]>();
    if (context.getType<string>() !== 'mcp' || !(mcp instanceof McpContext)) {
      throw new TypeError('McpExecutionContext.create() needs the context of an MCP handler');
    }
    return { args, mcp, session: mcp.session, request: mcp.transport.raw };
  },
};
