import { AsyncLocalStorage } from 'node:async_hooks';
import type { McpContext } from '../../server/context/mcp-context.js';

/** Holds the context of the handler call being run (set by the invoker around each call). */
const storage = new AsyncLocalStorage<McpContext>();

/**
 * The `McpContext` of the MCP call being run, for code that does not receive it as an argument:
 * a handler whose parameters are all decorated, an interceptor, a service called from a handler.
 * Undefined outside an MCP call (and in handlers registered at runtime through `McpServer`, which
 * receive the context as their second argument).
 */
export function getCurrentMcpContext(): McpContext | undefined {
  return storage.getStore();
}

/** Runs `fn` with `ctx` as the current context (the invoker's side of {@link getCurrentMcpContext}). */
export function runWithMcpContext<T>(ctx: McpContext, fn: () => T): T {
  return storage.run(ctx, fn);
}
