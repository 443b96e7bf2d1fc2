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
} from '../../server/authorization-server/mcp-authorization-server.js';
export type {
  McpAuthorizationServerOptions,
  McpClientIdMetadataOptions,
  McpIdentityDecision,
  McpAuthorizationServerClient,
  McpRegistrationOptions,
} from '../../server/authorization-server/authorization-server.options.js';
export type { McpRateLimit } from '../../server/authorization-server/fixed-window-limiter.js';
export type { McpDocumentFetchLimits } from '../../server/authorization-server/document-fetch-gate.js';
export type {
  McpAuthorizationRecord,
  McpAuthorizationStore,
  McpAuthorizationStoreAdapter,
} from '../../server/authorization-server/store/authorization-store.interface.js';
export { inMemoryAuthorizationStore } from '../../server/authorization-server/store/in-memory-authorization-store.js';
export {
  redisAuthorizationStore,
  type RedisAuthorizationStoreOptions,
} from '../../server/authorization-server/store/redis-authorization-store.js';
export type {
  McpUpstreamIdentity,
  McpUpstreamProvider,
  UpstreamTokens,
} from '../../server/authorization-server/upstream/upstream-provider.interface.js';
export { UpstreamSignInError } from '../../server/authorization-server/upstream/upstream-error.js';
export {
  githubUpstream,
  type GitHubUpstreamOptions,
} from '../../server/authorization-server/upstream/github-upstream.js';
export {
  googleUpstream,
  type GoogleUpstreamOptions,
} from '../../server/authorization-server/upstream/google-upstream.js';
export {
  oidcUpstream,
  type OidcUpstreamEndpoints,
  type OidcUpstreamOptions,
} from '../../server/authorization-server/upstream/oidc-upstream.js';
