/**
 * The client side of the public surface (McpClient, its options and events, the client manager,
 * the client transports), re-exported by `lib/index.ts`. Named exports only: what is not listed
 * here is internal.
 */
// ── Client ───────────────────────────────────────────────────────────────────────────────────
export { McpClient } from './mcp-client.js';
export { McpClientSkills } from './skills/client-skills.js';
export {
  toolViewOf,
  appViewContentOf,
  type McpToolView,
  type McpAppViewContent,
} from './apps/app-views.js';
export type {
  McpTaskState,
  McpToolTaskEvent,
  McpCallAsTaskOptions,
} from './tasks/tool-task.interface.js';
export type {
  McpClientRequestMethod,
  McpRequestArgs,
  VendorMethod,
} from './mcp-client-request.interface.js';
export type { McpBatchEntry, McpBatchResults } from './mcp-client-batch.js';
export type {
  McpClientState,
  McpLogMessage,
  McpProgressEvent,
  ToolCallEvent,
} from './mcp-client-events.interface.js';
export type {
  McpClientOptions,
  McpCallOptions,
  McpCallProgress,
  McpRoot,
  SamplingHandler,
  ElicitationHandler,
  RootsHandler,
  ServerRequestContext,
  VersionNegotiation,
} from './mcp-client-options.interface.js';
export type { McpRequestOptions } from './vendor-message.js';
export type { McpClientEra } from './era/negotiated-server.js';
export type { McpInputRound, InputRequiredHandler } from './mrtr/input-round.interface.js';
export type { McpListenEvent, McpListenOptions } from './listen/listen-event.interface.js';
export type {
  McpClientCache,
  McpClientCacheOptions,
  McpCacheEntry,
} from './cache/mcp-client-cache.interface.js';
export { InMemoryClientCache } from './cache/in-memory-client-cache.js';
export type { ClientTransport, ClientSendOptions } from './client-transport.interface.js';

// ── Client manager (many servers as one) ───────────────────────────────────────────────────────
export { McpClientManager, type McpManagerReadOptions } from './manager/mcp-client-manager.js';
export type {
  McpClientManagerOptions,
  McpCollisionPolicy,
  McpNamespaceOptions,
  McpReconnectOptions,
  McpManagedClientOptions,
} from './manager/mcp-client-manager-options.interface.js';
export type {
  McpServersConfig,
  McpServerConfig,
  McpStdioServerConfig,
  McpRemoteServerConfig,
  McpRemoteTransportKind,
} from './manager/mcp-servers-config.interface.js';
export type {
  McpAggregate,
  McpAggregated,
  McpAggregatedTool,
  McpAggregatedPrompt,
  McpAggregatedResource,
  McpAggregatedResourceTemplate,
} from './manager/aggregate.interface.js';
export type {
  McpUpstreamListChange,
  McpUpstreamState,
  McpUpstreamStatus,
} from './manager/upstream-status.interface.js';
export { McpServersConfigError } from '../errors/mcp-servers-config.error.js';
export {
  McpNameCollisionError,
  type McpAggregateKind,
} from '../errors/mcp-name-collision.error.js';
export { UpstreamUnavailableError } from '../errors/upstream-unavailable.error.js';

// ── Client transports ────────────────────────────────────────────────────────────────────────
export type { HeadersProvider } from '../transports/shared/headers-provider.js';
export { StreamableHttpClientTransport } from '../transports/http/client/streamable-http-client.transport.js';
export type {
  StreamableHttpClientOptions,
  SseReconnectionOptions,
  FetchLike,
  FetchMiddleware,
} from '../transports/http/client/streamable-http-client.options.js';
export { applyFetchMiddleware } from '../transports/http/client/streamable-http-client.options.js';
export {
  FallbackClientTransport,
  createStreamableHttpTransportWithFallback,
  isLegacyServerRefusal,
  type StreamableHttpFallbackOptions,
} from '../transports/http/client/legacy-fallback.transport.js';
export { SseClientTransport } from '../transports/sse/sse-client.transport.js';
export type {
  SseClientTransportOptions,
  SseClientReconnectionOptions,
} from '../transports/sse/sse-client.options.js';
export { WebSocketClientTransport } from '../transports/websocket/websocket-client.transport.js';
export type { WebSocketClientTransportOptions } from '../transports/websocket/websocket-client.transport.js';
export {
  StdioClientTransport,
  type StdioExit,
} from '../transports/stdio/stdio-client.transport.js';
export {
  defaultStdioEnvironment,
  type StdioClientTransportOptions,
} from '../transports/stdio/stdio-client.options.js';
export {
  InMemoryClientTransport,
  type InMemoryClientOptions,
} from '../transports/in-memory/in-memory-client.transport.js';
export type {
  InMemoryAdmission,
  InMemoryRequest,
} from '../transports/in-memory/in-memory-admission.js';

// ── OAuth 2.1 client (MCP authorization) ─────────────────────────────────────────────────────
export type {
  McpHttpAuth,
  McpHttpAuthRequest,
  McpHttpAuthChallenge,
  McpHttpAuthResponse,
} from './auth/http-auth.interface.js';
export { McpOAuthClient, type McpOAuthContext } from './auth/mcp-oauth-client.js';
export type {
  McpOAuthClientOptions,
  McpPreRegisteredClient,
} from './auth/mcp-oauth-client.options.js';
export type { McpOAuthInteraction } from './auth/oauth-interaction.interface.js';
export {
  LoopbackOAuthInteraction,
  type LoopbackOAuthInteractionOptions,
} from './auth/loopback-oauth-interaction.js';
export type {
  McpOAuthStore,
  McpOAuthTokens,
  McpOAuthClientRegistration,
} from './auth/oauth-store.interface.js';
export { InMemoryOAuthStore } from './auth/in-memory-oauth-store.js';
export type {
  OAuthClientCredentials,
  ClientAuthenticator,
  ClientAuthenticationContext,
} from './auth/client-authentication.js';
export type {
  ProtectedResourceMetadata,
  AuthorizationServerMetadata,
  TokenResponse,
} from './auth/discovery/oauth-metadata.js';
export {
  parseWwwAuthenticate,
  readBearerChallenge,
  type AuthChallenge,
  type BearerChallenge,
} from './auth/discovery/www-authenticate.js';
export {
  discoverProtectedResource,
  type DiscoveredResource,
} from './auth/discovery/protected-resource-discovery.js';
export { discoverAuthorizationServer } from './auth/discovery/authorization-server-discovery.js';
export {
  authorizationServerMetadataUrls,
  protectedResourceMetadataUrls,
} from './auth/discovery/metadata-urls.js';
export { requestToken, type TokenRequest } from './auth/discovery/token-endpoint.js';
export type { OAuthFetch } from './auth/discovery/fetch-json.js';

// ── OAuth extensions: grants without a browser, private_key_jwt, DPoP ───────────────────────
export {
  McpGrantOAuthClient,
  type McpGrantOAuthClientOptions,
} from './auth/extensions/mcp-grant-oauth-client.js';
export type {
  McpTokenGrant,
  McpTokenGrantContext,
} from './auth/extensions/token-grant.interface.js';
export {
  ClientCredentialsGrant,
  type ClientCredentialsGrantOptions,
} from './auth/extensions/client-credentials.grant.js';
export {
  JwtBearerGrant,
  type JwtBearerGrantOptions,
  type McpAssertionSource,
} from './auth/extensions/jwt-bearer.grant.js';
export {
  EnterpriseManagedGrant,
  type EnterpriseManagedGrantOptions,
  type EnterpriseIdpOptions,
} from './auth/extensions/enterprise-managed.grant.js';
export type { McpClientAuthentication } from './auth/extensions/token-client.js';
export {
  privateKeyJwtAuthenticator,
  createClientAssertion,
  type ClientAssertionClaims,
} from './auth/extensions/client-assertion.js';
export type { McpSigningKeyInput } from './auth/extensions/signing-key.js';
export { withDpop, type WithDpopOptions } from './auth/dpop/with-dpop.js';
export { DpopHttpAuth } from './auth/dpop/dpop-http-auth.js';
export { DpopSession, type DpopOptions } from './auth/dpop/dpop-session.js';
export { DpopKey } from './auth/dpop/dpop-key.js';
export { dpopFetch } from './auth/dpop/dpop-fetch.js';
