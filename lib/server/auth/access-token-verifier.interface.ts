import type { McpAuthInfo } from './mcp-auth-info.interface.js';

/**
 * Checks an access token for this resource: signature or introspection, issuer, audience,
 * expiry. Resolves with what the token grants, or rejects with an `InvalidTokenError` (any other
 * rejection is treated as a refusal too, and logged).
 */
export interface McpAccessTokenVerifier {
  verify(token: string): Promise<McpAuthInfo>;
}

/** A verifier as a plain function (the custom hook of the `auth` option). */
export type McpAccessTokenVerifyFn = (token: string) => Promise<McpAuthInfo>;
