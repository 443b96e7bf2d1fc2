import { AsyncLocalStorage } from 'node:async_hooks';
import type { McpContext } from '../../server/context/mcp-context.js';

/** Holds the context of the handler call being run (set by the invoker around each call). */
const storage = new AsyncLocalStorage<McpContext>();

/** How many running MCP modules keep the context for {@link getCurrentMcpContext}, and how many do not. */
const modules = { keeping: 0, notKeeping: 0 };

/**
 * The `McpContext` of the MCP call being run, for code that does not receive it as an argument:
 * a handler whose parameters are all decorated, an interceptor, a service called from a handler.
 * Undefined outside an MCP call (and in handlers registered at runtime through `McpServer`, which
 * receive the context as their second argument).
 * @throws Error when the app's MCP modules all turned it off (`asyncContext: false`): the answer
 * would be undefined inside a call as well.
 */
export function getCurrentMcpContext(): McpContext | undefined {
  if (modules.keeping === 0 && modules.notKeeping > 0) {
    throw new Error(
      'getCurrentMcpContext() is turned off in this app (McpModule option asyncContext: false); ' +
        'take the context as a parameter (@McpCtx(), or a handler’s second argument) or remove asyncContext: false',
    );
  }
  return storage.getStore();
}

/** Whether a module with these options keeps the current context (`asyncContext`, default on). */
export function keepsCurrentContext(options: { asyncContext?: boolean } | undefined): boolean {
  return options?.asyncContext !== false;
}

/** The stored context of the call being run, if any (the library's side: never throws). */
export function storedMcpContext(): McpContext | undefined {
  return storage.getStore();
}

/**
 * `invoke` as the invoker calls it: inside the current-context storage when `keep` is true, as it
 * is otherwise. On Node 20 and 22 a storage in use turns on async hooks for every promise of the
 * process, which is why a module may go without it (`asyncContext: false`).
 */
export function withCurrentContext<R>(
  keep: boolean,
  invoke: (first: unknown, ctx: McpContext) => R,
): (first: unknown, ctx: McpContext) => R {
  return keep ? (first, ctx) => storage.run(ctx, invoke, first, ctx) : invoke;
}

/**
 * Counts a module that keeps (or does not keep) the current context, so that
 * {@link getCurrentMcpContext} can tell a call without it from code outside any call.
 * @returns the release, for when the module stops
 */
export function registerContextKeeping(keep: boolean): () => void {
  const key = keep ? 'keeping' : 'notKeeping';
  modules[key] += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    modules[key] -= 1;
  };
}
