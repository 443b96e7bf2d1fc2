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
  /** Schemas in the session era (2025-11-25 and before). */
  readonly legacy?: McpMethodSchemas;
  /** Schemas in the stateless era (2026-07-28). */
  readonly modern?: McpMethodSchemas;
}

/** Declares a client → server request (keeps the literal types for the typed lookups). */
export function clientRequest<const S extends Omit<McpMethodSpec, 'from' | 'kind'>>(
  spec: S,
): S & { readonly from: 'client'; readonly kind: 'request' } {
  return Object.freeze({ ...spec, from: 'client' as const, kind: 'request' as const });
}

/** Declares a server → client request. */
export function serverRequest<const S extends Omit<McpMethodSpec, 'from' | 'kind'>>(
  spec: S,
): S & { readonly from: 'server'; readonly kind: 'request' } {
  return Object.freeze({ ...spec, from: 'server' as const, kind: 'request' as const });
}

/** Declares a client → server notification. */
export function clientNotification<const S extends Omit<McpMethodSpec, 'from' | 'kind'>>(
  spec: S,
): S & { readonly from: 'client'; readonly kind: 'notification' } {
  return Object.freeze({ ...spec, from: 'client' as const, kind: 'notification' as const });
}

/** Declares a server → client notification. */
export function serverNotification<const S extends Omit<McpMethodSpec, 'from' | 'kind'>>(
  spec: S,
): S & { readonly from: 'server'; readonly kind: 'notification' } {
  return Object.freeze({ ...spec, from: 'server' as const, kind: 'notification' as const });
}
