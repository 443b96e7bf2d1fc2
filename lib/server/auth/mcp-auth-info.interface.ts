/**
 * What a verified access token says about the caller. The bearer guard puts it on the HTTP
 * request (`req.auth`; `req.user` gets `{ sub, clientId, scopes }` when no one set it, so the
 * session binds to `sub:<subject>`), where guards, `@McpRequest()` and `ctx.http` read it.
 */
export interface McpAuthInfo {
  /** The access token as presented. */
  readonly token: string;
  /** The resource owner (`sub`), when the token names one. */
  readonly subject?: string;
  /** The OAuth client the token was issued to (`client_id`, `azp`). */
  readonly clientId?: string;
  /** The granted scopes (`scope` split on spaces, or `scp`). */
  readonly scopes: readonly string[];
  /** Expiry as seconds since the epoch (`exp`), when known. */
  readonly expiresAt?: number;
  /** The audiences the token is for (`aud`). */
  readonly audience: readonly string[];
  /** Every claim of the token (JWT payload or introspection response). */
  readonly claims: Readonly<Record<string, unknown>>;
}
