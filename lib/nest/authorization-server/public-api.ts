/**
 * The public names of the in-app authorization server (`McpAuthorizationServerModule`, its
 * upstream presets and stores), re-exported whole by `lib/index.ts`.
 */
export {
  McpAuthorizationServerModule,
  type McpAuthorizationServerModuleOptions,
} from './mcp-authorization-server.module.js';
export {
  McpAuthorizationServer,
  type McpAuthorizationServerResource,
} from '../../authorization-server/mcp-authorization-server.js';
export type {
  McpAuthorizationServerOptions,
  McpClientIdMetadataOptions,
  McpIdentityDecision,
  McpAuthorizationServerClient,
  McpRegistrationOptions,
  McpTokenExchangeAudience,
  McpTokenExchangeOptions,
} from '../../authorization-server/authorization-server.options.js';
export {
  TokenExchangeRefusal,
  type TokenExchangeErrorCode,
} from '../../authorization-server/token-exchange/token-exchange-refusal.js';
export type { McpTokenExchanger } from '../../server/auth/token-exchanger.interface.js';
export type { McpRateLimit } from '../../authorization-server/fixed-window-limiter.js';
export type { McpDocumentFetchLimits } from '../../authorization-server/document-fetch-gate.js';
export type {
  McpAuthorizationRecord,
  McpAuthorizationStore,
  McpAuthorizationStoreAdapter,
} from '../../authorization-server/store/authorization-store.interface.js';
export { inMemoryAuthorizationStore } from '../../authorization-server/store/in-memory-authorization-store.js';
export {
  redisAuthorizationStore,
  type RedisAuthorizationStoreOptions,
} from '../../authorization-server/store/redis-authorization-store.js';
export {
  sqlAuthorizationStore,
  type SqlAuthorizationStore,
  type SqlAuthorizationStoreOptions,
} from '../../authorization-server/store/sql-authorization-store.js';
export type {
  McpUpstreamIdentity,
  McpUpstreamProvider,
  UpstreamTokens,
} from '../../authorization-server/upstream/upstream-provider.interface.js';
export { UpstreamSignInError } from '../../authorization-server/upstream/upstream-error.js';
export {
  githubUpstream,
  type GitHubUpstreamOptions,
} from '../../authorization-server/upstream/github-upstream.js';
export {
  googleUpstream,
  type GoogleUpstreamOptions,
} from '../../authorization-server/upstream/google-upstream.js';
export {
  oidcUpstream,
  type OidcUpstreamEndpoints,
  type OidcUpstreamOptions,
} from '../../authorization-server/upstream/oidc-upstream.js';
