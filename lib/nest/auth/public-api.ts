/**
 * The public names of the OAuth 2.1 protected resource (module option `auth`): the guards, the
 * resource server, scopes, the token verifiers, the metadata document and the handler's view of
 * the caller (`ctx.auth`), re-exported by the package root.
 */
export { McpBearerGuard, McpEndpointAuthGuard } from './mcp-bearer.guard.js';
export { McpResourceServer, McpAuthRefusal } from './mcp-resource-server.js';
export { McpScopes, MCP_SCOPES_METADATA } from './mcp-scopes.decorator.js';
export { authOf, type McpAuthenticatedRequest } from './request-auth.js';
export type { McpAuthOptions, McpScopeMap } from './mcp-auth-options.interface.js';
export type { McpAuthInfo } from '../../server/auth/mcp-auth-info.interface.js';
export type { McpUpstreamTokenSource } from '../../server/auth/upstream-token-source.interface.js';
export { McpHandlerAuth } from '../../server/context/handler-auth.js';
export type { AesKeyInput } from '../../engine/aes-gcm-key-ring.js';
export type { McpDpopOptions } from '../../server/auth/dpop-proof-verifier.js';
export type {
  McpAccessTokenVerifier,
  McpAccessTokenVerifyFn,
} from '../../server/auth/access-token-verifier.interface.js';
export {
  JwtAccessTokenVerifier,
  type JwtAccessTokenVerifierOptions,
} from '../../server/auth/jwt-access-token-verifier.js';
export {
  IntrospectionTokenVerifier,
  type IntrospectionTokenVerifierOptions,
} from '../../server/auth/introspection-token-verifier.js';
