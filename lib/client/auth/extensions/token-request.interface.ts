/** One token endpoint request (RFC 6749 §3.2) a grant wants made. */
export interface McpTokenRequest {
  /** The token endpoint URL (the authorization server's, or an IdP's for token exchange). */
  url: string;
  /** Form parameters (`grant_type`, ...), sent as `application/x-www-form-urlencoded`. */
  params: Record<string, string>;
  /** Extra headers (`Authorization: Basic ...` for `client_secret_basic`). */
  headers?: Record<string, string>;
}

/** A successful token endpoint answer (RFC 6749 §5.1; RFC 8693 §2.2.1 adds `issued_token_type`). */
export interface McpTokenResponse {
  access_token: string;
  /** `Bearer`, `DPoP`, or `N_A` for a token exchange result that is no access token. */
  token_type: string;
  expires_in?: number;
  scope?: string;
  refresh_token?: string;
  /** RFC 8693: the type of the token in `access_token`. */
  issued_token_type?: string;
}

/** Makes one token endpoint request; rejects with `McpAuthError` on an error answer. */
export type McpTokenRequester = (request: McpTokenRequest) => Promise<McpTokenResponse>;
