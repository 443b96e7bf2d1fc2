import type { z } from 'zod';

/**
 * Protocol eras a method exists in: `legacy` is the session era (revisions up to 2025-11-25,
 * `initialize` handshake); `modern` is the stateless era of revision 2026-07-28.
 */
export type McpEra = 'legacy' | 'modern';

/** Who sends a message: the client (client → server) or the server (server → client). */
export type McpSender = 'client' | 'server';

/** A request (answered with a result or an error) or a notification (never answered). */
export type McpMessageKind = 'request' | 'notification';

/** The schemas of a method in one era. Notifications have no result. */
export interface McpMethodSchemas {
  /** Params schema (wrapped in `z.optional` where the params may be absent). */
  readonly params: z.ZodType;
  /** Result schema (requests only). */
  readonly result?: z.ZodType;
}

/**
 * One entry of the method table: the method name, its direction, the capability the receiver must
 * have advertised for it (requests only), and its schemas per era (absent: not in that era).
 */
export interface McpMethodSpec {
  /** The JSON-RPC method name (`tools/call`). */
  readonly method: string;
  /** Who sends it. */
  readonly from: McpSender;
  /** Request or notification. */
  readonly kind: McpMessageKind;
  /** Top-level capability the receiver must have advertised (`tools`, `sampling` ...). */
  readonly capability?: string;
  /** Extension the receiver must have declared in `capabilities.extensions` (requests only). */
  readonly extension?: string;
  /** Schemas in the session era (2025-11-25 and before). */
  readonly legacy?: McpMethodSchemas;
  /** Schemas in the stateless era (2026-07-28). */
  readonly modern?: McpMethodSchemas;
}

/** Builds the declare function of one direction and kind (keeps the entries' literal types). */
function declare<F extends McpSender, K extends McpMessageKind>(from: F, kind: K) {
  return <const S extends Omit<McpMethodSpec, 'from' | 'kind'>>(
    spec: S,
  ): S & { readonly from: F; readonly kind: K } => Object.freeze({ ...spec, from, kind });
}

/** Declares a client → server request. */
export const clientRequest = declare('client', 'request');
/** Declares a server → client request. */
export const serverRequest = declare('server', 'request');
/** Declares a client → server notification. */
export const clientNotification = declare('client', 'notification');
/** Declares a server → client notification. */
export const serverNotification = declare('server', 'notification');
