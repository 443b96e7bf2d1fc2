import type { OAuthClientCredentials } from './client-authentication.js';

/** Tokens the client holds for one protected resource. */
export interface McpOAuthTokens {
  accessToken: string;
  /** `Bearer` (or `DPoP`). */
  tokenType: string;
  refreshToken?: string | undefined;
  /** When the access token expires (epoch ms), if the server said. */
  expiresAt?: number | undefined;
  /** The scopes granted (or asked for, when the answer did not say). */
  scopes: string[];
  /** The issuer that issued them: tokens are never sent after the server moved to another. */
  issuer: string;
}

/** A client registration at one authorization server (dynamic, CIMD or pre-registered). */
export interface McpOAuthClientRegistration extends OAuthClientCredentials {
  /** The issuer it is valid at: never presented to another authorization server. */
  issuer: string;
  /** The redirect URI it was registered with. */
  redirectUri?: string | undefined;
}

/**
 * Where an `McpOAuthClient` keeps tokens (per protected resource) and client registrations (per
 * authorization server issuer). Implement it to persist them (a file, a keychain, a database);
 * `InMemoryOAuthStore` is the default.
 */
export interface McpOAuthStore {
  getTokens(resource: string): Promise<McpOAuthTokens | undefined>;
  /** `undefined` forgets them. */
  setTokens(resource: string, tokens: McpOAuthTokens | undefined): Promise<void>;
  getClient(issuer: string): Promise<McpOAuthClientRegistration | undefined>;
  /** `undefined` forgets it. */
  setClient(issuer: string, client: McpOAuthClientRegistration | undefined): Promise<void>;
}
