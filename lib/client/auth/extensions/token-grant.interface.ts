import type { McpTokenRequester, McpTokenResponse } from './token-request.interface.js';

/** What a grant knows when it runs: the discovered authorization server and the resource. */
export interface McpTokenGrantContext {
  /** The authorization server's issuer identifier (validated by discovery). */
  issuer: string;
  /** Its token endpoint. */
  tokenEndpoint: string;
  /** The protected resource (RFC 8707 `resource`, as its metadata publishes it). */
  resource: string;
  /** Scope to request (from the challenge or the metadata), when there is one. */
  scope?: string;
  /** Makes a token request (the client's token endpoint call: DPoP and error mapping included). */
  requestToken: McpTokenRequester;
}

/**
 * A grant that gets an access token without a user at a browser: client credentials, a JWT
 * bearer assertion (workload identity), enterprise-managed authorization (ID-JAG).
 */
export interface McpTokenGrant {
  /** The `grant_type` it uses at the authorization server (for metadata checks and messages). */
  readonly grantType: string;
  /** Gets a token; rejects with `McpAuthError` (never retries an error answer). */
  obtain(context: McpTokenGrantContext): Promise<McpTokenResponse>;
}
