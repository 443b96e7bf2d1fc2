import type { AuthorizationServerMetadata, TokenResponse } from '../discovery/oauth-metadata.js';
import type { TokenRequest } from '../discovery/token-endpoint.js';

/** What a grant knows when it runs: the discovered authorization server and the resource. */
export interface McpTokenGrantContext {
  /** The authorization server's metadata (its `issuer` checked by discovery). */
  authorizationServer: AuthorizationServerMetadata;
  /** Its token endpoint. */
  tokenEndpoint: URL;
  /** The protected resource (RFC 8707 `resource`, as its metadata publishes it). */
  resource: string;
  /** Scope to request (from the challenge or the metadata), when there is one. */
  scope?: string;
  /** Makes one token request (the client's token endpoint call, its `fetch` and DPoP included). */
  requestToken(request: TokenRequest): Promise<TokenResponse>;
}

/**
 * A grant that gets an access token without a user at a browser: client credentials, a JWT
 * bearer assertion (workload identity), enterprise-managed authorization (ID-JAG).
 */
export interface McpTokenGrant {
  /** The `grant_type` it uses at the authorization server (for messages). */
  readonly grantType: string;
  /** Gets a token; rejects with `McpAuthError` (never retries an error answer). */
  obtain(context: McpTokenGrantContext): Promise<TokenResponse>;
}
