import type {
  McpAccessTokenVerifier,
  McpAccessTokenVerifyFn,
} from '../../server/auth/access-token-verifier.interface.js';
import type { McpUpstreamTokenSource } from '../../server/auth/upstream-token-source.interface.js';
import type { McpTokenExchanger } from '../../server/auth/token-exchanger.interface.js';
import type { McpDpopOptions } from '../../server/auth/dpop-proof-verifier.js';
import type { ProtectedResourceMetadataOptions } from '../../server/auth/protected-resource-metadata.js';

/** Injection token: `{ auth }`, the module's `auth` option (provided by `McpModule`). */
export const MCP_AUTH_OPTIONS = Symbol.for('nestjs-mcp:AuthOptions');

/**
 * Injection token: the `auth` option an in-app authorization server provides
 * (`McpAuthorizationServerModule`); `McpModule` uses it when its own `auth` option is absent.
 */
export const MCP_AUTHORIZATION_SERVER_AUTH = Symbol.for('nestjs-mcp:AuthorizationServerAuth');

/** Required scopes by primitive name, the option form of `@McpScopes()`. */
export interface McpScopeMap {
  /** By tool name. */
  tools?: Record<string, string[]>;
  /** By prompt name. */
  prompts?: Record<string, string[]>;
  /** By resource or resource template name. */
  resources?: Record<string, string[]>;
}

/**
 * The module option `auth`: the MCP server as an OAuth 2.1 protected resource. Serves the
 * protected resource metadata (RFC 9728), answers requests without a valid token with 401 and a
 * `WWW-Authenticate: Bearer resource_metadata=…` challenge, and calls needing scopes the token
 * lacks with 403 `insufficient_scope` (step-up).
 * @example
 * ```ts
 * McpModule.forRoot({ name: 'notes', version: '1.0.0', auth: {
 *   resource: 'https://notes.example.com/mcp',
 *   authorizationServers: ['https://login.example.com'],
 *   scopesSupported: ['notes:read', 'notes:write'],
 *   requiredScopes: ['notes:read'],
 *   verifier: new JwtAccessTokenVerifier({ issuer: 'https://login.example.com', audience: 'https://notes.example.com/mcp' }),
 * } })
 * ```
 */
export interface McpAuthOptions extends ProtectedResourceMetadataOptions {
  /**
   * Checks a bearer token: `JwtAccessTokenVerifier` (JWKS), `IntrospectionTokenVerifier`
   * (RFC 7662), your own object with `verify(token)`, or a function of the token.
   */
  verifier: McpAccessTokenVerifier | McpAccessTokenVerifyFn;
  /** Scopes every request needs; also the `scope` of the 401 challenge. Default none. */
  requiredScopes?: string[];
  /**
   * Scope hierarchy: a granted scope and the scopes it implies, e.g.
   * `{ 'notes:admin': ['notes:write'], 'notes:write': ['notes:read'] }` (followed transitively).
   * Default none: every scope stands alone.
   */
  impliedScopes?: Record<string, string[]>;
  /** Scopes per tool, prompt or resource, beside `@McpScopes()` (both apply). */
  scopes?: McpScopeMap;
  /**
   * Put `McpBearerGuard` in front of this module's Streamable HTTP endpoint. Default `true`;
   * `false` leaves it to where you apply the guard (`APP_GUARD`, `@UseGuards()` per tool).
   */
  protectEndpoint?: boolean;
  /**
   * DPoP (RFC 9449) at the endpoint: a token bound to a key (`cnf.jkt`) is taken only as
   * `Authorization: DPoP <token>` with a fresh `DPoP` proof of that key for the request; an
   * unbound token stays a bearer token unless `required`. Default: accepted, not required.
   */
  dpop?: McpDpopOptions;
  /**
   * Where `ctx.auth.upstreamToken()` gets the signed-in user's upstream tokens; set by
   * `McpAuthorizationServerModule` when an upstream keeps its tokens (`keepTokens`).
   */
  upstreamTokens?: McpUpstreamTokenSource;
  /**
   * Where `ctx.auth.exchangeToken()` gets downstream tokens (RFC 8693); set by
   * `McpAuthorizationServerModule` when it has `tokenExchange`.
   */
  tokenExchange?: McpTokenExchanger;
}
