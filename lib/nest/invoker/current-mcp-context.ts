import { AsyncLocalStorage } from 'node:async_hooks';
import type { McpContext } from '../../server/context/mcp-context.js';
import { isThenable } from '../../engine/is-thenable.js';

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
 * Whether the storage turns on async hooks (Node 20 and 22 by default: every promise of the
 * process then pays an init hook and its reactions a before/after hook, ~100k instructions per
 * `tools/call` on Fastify), rather than riding V8's continuation data (Node 24, or 22 with
 * `--experimental-async-context-frame`), where it is close to free. Only the hook-based storage
 * is turned off between calls: `disable()` of the other one would clear the current frame.
 */
const HOOK_BASED =
  typeof (storage as unknown as { _enable?: unknown })._enable === 'function' &&
  'enabled' in storage;

/** Calls running inside the storage right now (across every MCP module of the process). */
let inFlight = 0;

/**
 * A call left the storage: the last one out turns the hook-based storage off, so the promises of
 * the framework and the transport between calls do not pay its async hooks. A call that starts
 * later turns it on again (`run` does); what a call left running after it settled (a timer, a
 * promise nobody awaits) then reads no context, as code outside any call does.
 */
function leave(): void {
  inFlight -= 1;
  if (inFlight === 0) storage.disable();
}

function leftWith<R>(value: R): R {
  leave();
  return value;
}

function leftThrowing(error: unknown): never {
  leave();
  throw error;
}

/** Whether the storage is on at this moment (tests: off while no call runs, on Node 20 and 22). */
export function currentContextActive(): boolean {
  return HOOK_BASED ? (storage as unknown as { enabled: boolean }).enabled : true;
}

/**
 * `invoke` as the invoker calls it: inside the current-context storage when `keep` is true, as it
 * is otherwise. On Node 20 and 22 a storage in use turns on async hooks for every promise of the
 * process, which is why the storage is on only while a call runs (until the promise `invoke`
 * returned settles), and why a module may go without it (`asyncContext: false`).
 */
export function withCurrentContext<R>(
  keep: boolean,
  invoke: (first: unknown, ctx: McpContext) => Promise<R>,
): (first: unknown, ctx: McpContext) => Promise<R> {
  if (!keep) return invoke;
  if (!HOOK_BASED) return (first, ctx) => storage.run(ctx, invoke, first, ctx);
  return (first, ctx) => {
    inFlight += 1;
    let running: Promise<R>;
    try {
      running = storage.run(ctx, invoke, first, ctx);
    } catch (error) {
      return leftThrowing(error);
    }
    return running.then(leftWith, leftThrowing);
  };
}

/**
 * Runs `run` (a handler method, synchronous or not) inside the current-context storage with `ctx`,
 * for a pipeline that runs no app code but the method (see `runsEnhancers`): the storage, and on
 * Node 20 and 22 its async hooks, is on while the method runs and, when it returns a promise,
 * until that settles; a method that answers at once leaves it at once, so the framework's
 * promises around it never pay the hooks.
 */
export function inCurrentContext<R>(ctx: McpContext, run: () => R | Promise<R>): R | Promise<R> {
  if (!HOOK_BASED) return storage.run(ctx, run);
  inFlight += 1;
  let result: R | Promise<R>;
  try {
    result = storage.run(ctx, run);
  } catch (error) {
    return leftThrowing(error);
  }
  if (isThenable(result)) return Promise.resolve(result).then(leftWith, leftThrowing);
  leave();
  return result;
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
