/**
 * The method table: every MCP method once, with its direction, capability gate and per-era
 * schemas. Dispatch, capability gating, params validation and the typed `request()` helpers all
 * read it; the per-direction lists and schema maps in `method-maps.ts` are views of it.
 */
import type { z } from 'zod';
import { CLIENT_REQUEST_SPECS } from './client-request.methods.js';
import type {
  McpEra,
  McpMessageKind,
  McpMethodSchemas,
  McpMethodSpec,
  McpSender,
} from './method-spec.interface.js';
import { CLIENT_NOTIFICATION_SPECS, SERVER_NOTIFICATION_SPECS } from './notification.methods.js';
import { SERVER_REQUEST_SPECS } from './server-request.methods.js';

/** Every MCP method of both eras and both directions. */
export const MCP_METHODS = Object.freeze([
  ...CLIENT_REQUEST_SPECS,
  ...SERVER_REQUEST_SPECS,
  ...CLIENT_NOTIFICATION_SPECS,
  ...SERVER_NOTIFICATION_SPECS,
] as const);

/** One entry of {@link MCP_METHODS}, with its literal types. */
export type McpMethodEntry = (typeof MCP_METHODS)[number];

/** The entries sent by `F`, of kind `K`, that exist in era `E`. */
export type McpMethodsOf<F extends McpSender, K extends McpMessageKind, E extends McpEra> = Extract<
  McpMethodEntry,
  { readonly from: F; readonly kind: K } & { readonly [X in E]: McpMethodSchemas }
>;

/** The schemas of method `M` (sent by `F`, of kind `K`) in era `E`. */
export type McpMethodSchemasOf<
  F extends McpSender,
  K extends McpMessageKind,
  E extends McpEra,
  M extends string,
> =
  Extract<McpMethodsOf<F, K, E>, { readonly method: M }> extends infer S
    ? S extends { readonly [X in E]: infer Schemas extends McpMethodSchemas }
      ? Schemas
      : never
    : never;

/** Parsed params of a method in an era. */
export type McpParamsOf<
  F extends McpSender,
  K extends McpMessageKind,
  E extends McpEra,
  M extends string,
> = z.infer<McpMethodSchemasOf<F, K, E, M>['params']>;

/** Parsed result of a request method in an era. */
export type McpResultOf<F extends McpSender, E extends McpEra, M extends string> =
  McpMethodSchemasOf<F, 'request', E, M> extends { readonly result: infer R extends z.ZodType }
    ? z.infer<R>
    : never;

type Index = Record<McpSender, Record<McpMessageKind, Map<string, McpMethodSpec>>>;
const index: Index = {
  client: { request: new Map(), notification: new Map() },
  server: { request: new Map(), notification: new Map() },
};
for (const spec of MCP_METHODS as readonly McpMethodSpec[]) {
  index[spec.from][spec.kind].set(spec.method, spec);
}

/** The table entry of a method (undefined: no such method in either era). One map lookup. */
export function findMethod(
  from: McpSender,
  kind: McpMessageKind,
  method: string,
): McpMethodSpec | undefined {
  return index[from][kind].get(method);
}
