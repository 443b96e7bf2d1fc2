import type { z } from 'zod';
import { findMethod } from '../../protocol/methods/method-table.js';
import { McpError } from '../../errors/mcp.error.js';
import { OptionalPaginatedParams } from '../../protocol/methods/shared-schemas.js';
import { complete } from './completion.handlers.js';
import { discover } from './discover.handlers.js';
import { initialize, ping, setLevel } from './lifecycle.handlers.js';
import type { HandlerHost, MethodHandler, ServedMethod } from './method-handler.interface.js';
import { getPrompt, listPrompts } from './prompts.handlers.js';
import {
  listResources,
  listResourceTemplates,
  readResource,
  subscribe,
  unsubscribe,
} from './resources.handlers.js';
import {
  MODERN_PLAIN_PARAMS,
  MODERN_SERVED_PARAMS_OVERRIDES,
  PLAIN_PARAMS,
  plainListParams,
  SERVED_PARAMS_OVERRIDES,
  type PlainParamsTest,
} from './served-params.js';
import { getSkill, listSkills } from './skills.handlers.js';
import { callTool, listTools } from './tools.handlers.js';
import { cancelTask, getTask, getTaskResult, listTasks, updateTask } from './tasks.handlers.js';
import type { RequestScope } from '../context/request-scope.interface.js';
import { subscriptionsListen } from './subscriptions-listen.handler.js';

/** The handler of every served method, keyed by the method table's names (all required). */
const HANDLERS: { readonly [M in ServedMethod]: MethodHandler<M> } = {
  initialize,
  ping,
  'logging/setLevel': setLevel,
  'tools/list': listTools,
  'tools/call': callTool,
  'prompts/list': listPrompts,
  'prompts/get': getPrompt,
  'resources/list': listResources,
  'resources/templates/list': listResourceTemplates,
  'resources/read': readResource,
  'resources/subscribe': subscribe,
  'resources/unsubscribe': unsubscribe,
  'completion/complete': complete,
  'skills/list': listSkills,
  'skills/get': getSkill,
  'tasks/get': getTask,
  'tasks/result': getTaskResult,
  'tasks/list': listTasks,
  'tasks/cancel': cancelTask,
};

/** A served method, ready to dispatch: its params schema, capability gate and handler. */
export interface ServedMethodEntry {
  /** The method name (a key of the method table). */
  readonly method: string;
  /** The server capability the client must have been told about (undefined: none). */
  readonly capability?: string;
  /** The extension (`capabilities.extensions`) the client must have been told about. */
  readonly extension?: string;
  /** Parses the params (absent params are `{}` for methods whose params are optional). */
  parseParams(params: unknown): Record<string, unknown>;
  /**
   * Gates the method on the server capabilities the caller may use (-32601 when its capability
   * is not among them), then parses the params.
   */
  admit(params: unknown, capabilities: object): Record<string, unknown>;
  /** Runs the method's handler on parsed params. */
  handle(
    params: Record<string, unknown>,
    scope: RequestScope,
    host: HandlerHost,
  ): Promise<Record<string, unknown>> | Record<string, unknown>;
}

/** Formats zod issues with their paths: `Invalid params of tools/call: name: expected string`. */
function invalidParams(method: string, error: z.ZodError): McpError {
  const issues = error.issues.map((i) => {
    const path = i.path.map(String).join('.');
    return path ? `${path}: ${i.message}` : i.message;
  });
  return McpError.invalidParams(`Invalid params of ${method}: ${issues.join('; ')}`);
}

function hasExtension(capabilities: object, extension: string): boolean {
  const extensions = (capabilities as { extensions?: unknown }).extensions;
  return typeof extensions === 'object' && extensions !== null && extension in extensions;
}

function build(
  method: string,
  schema: z.ZodType,
  gate: { capability?: string; extension?: string },
  handle: ServedMethodEntry['handle'],
  plain?: PlainParamsTest,
): ServedMethodEntry {
  const { capability, extension } = gate;
  return {
    method,
    capability,
    extension,
    parseParams(params) {
      if (plain?.(params)) return params as Record<string, unknown>;
      const parsed = schema.safeParse(params);
      if (!parsed.success) throw invalidParams(method, parsed.error);
      return (parsed.data ?? {}) as Record<string, unknown>;
    },
    admit(params, capabilities) {
      if (capability && !(capability in capabilities)) throw McpError.methodNotFound(method);
      if (extension && !hasExtension(capabilities, extension)) {
        throw McpError.methodNotFound(method);
      }
      return this.parseParams(params);
    },
    handle,
  };
}

function entry(method: ServedMethod): ServedMethodEntry {
  const spec = findMethod('client', 'request', method);
  const overrides: Partial<Record<ServedMethod, z.ZodType>> = SERVED_PARAMS_OVERRIDES;
  const schema = overrides[method] ?? spec?.legacy?.params;
  if (!spec || !schema) throw new Error(`${method} is not a session-era client request`);
  const handle = HANDLERS[method] as unknown as ServedMethodEntry['handle'];
  const plain =
    PLAIN_PARAMS[method] ?? (schema === OptionalPaginatedParams ? plainListParams : undefined);
  return build(method, schema, spec, handle, plain);
}

/**
 * Handlers of the 2026-07-28 methods that have no session-era counterpart. Other helpers add
 * theirs here (`subscriptions/listen`).
 */
const MODERN_ONLY_HANDLERS: Readonly<Record<string, ServedMethodEntry['handle']>> = {
  'server/discover': discover as unknown as ServedMethodEntry['handle'],
  'subscriptions/listen': subscriptionsListen as unknown as ServedMethodEntry['handle'],
  'tasks/update': updateTask as unknown as ServedMethodEntry['handle'],
};

/**
 * Every method a stateless 2026-07-28 request may call, keyed by name: the session-era handlers
 * of methods that still exist in 2026-07-28 (not `initialize`, `ping`, `logging/setLevel`,
 * `resources/subscribe`, `resources/unsubscribe`), parsed with the table's modern params schema
 * (or its override, `served-params.ts`),
 * plus the modern-only methods. Built once.
 */
export function createModernServedMethods(): ReadonlyMap<string, ServedMethodEntry> {
  const served = new Map<string, ServedMethodEntry>();
  const handlers: Record<string, ServedMethodEntry['handle']> = {
    ...(HANDLERS as unknown as Record<string, ServedMethodEntry['handle']>),
    ...MODERN_ONLY_HANDLERS,
  };
  for (const [method, handle] of Object.entries(handlers)) {
    const spec = findMethod('client', 'request', method);
    if (!spec?.modern) continue;
    const schema = MODERN_SERVED_PARAMS_OVERRIDES[method] ?? spec.modern.params;
    served.set(method, build(method, schema, spec, handle, MODERN_PLAIN_PARAMS[method]));
  }
  return served;
}

/** Every served method by name, schemas and gates resolved from the method table. Built once. */
export function createServedMethods(): ReadonlyMap<string, ServedMethodEntry> {
  const methods = Object.keys(HANDLERS) as ServedMethod[];
  return new Map(methods.map((method) => [method, entry(method)]));
}
