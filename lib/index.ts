/**
 * nestjs-mcp public API: named exports only, grouped by use. Protocol (wire) types are published
 * in the type namespace `Mcp` (`Mcp.Tool`, `Mcp.CallToolResult<T>`, `Mcp.ContentBlock`) so they
 * never collide with the decorators; library types (options, handlers, events) are flat.
 * Files inside lib/ never import from this index.
 */

// ── Protocol types and helpers ───────────────────────────────────────────────────────────────
/** Every protocol type (content, tools, prompts, resources, results, capabilities, JSON-RPC). */
export type * as Mcp from './protocol/types.js';
export {
  text,
  image,
  audio,
  embeddedResource,
  resourceLink,
  toolError,
  toolResult,
} from './protocol/content.js';
export { ErrorCode, type ErrorCodeValue } from './protocol/error-codes.js';
export { LOGGING_LEVELS } from './protocol/schema/logging.js';
export {
  LEGACY_PROTOCOL_VERSIONS,
  MODERN_PROTOCOL_VERSIONS,
  LATEST_LEGACY_PROTOCOL_VERSION,
  DEFAULT_NEGOTIATED_PROTOCOL_VERSION,
  isSupportedLegacyVersion,
  negotiateProtocolVersion,
  isVersionAtLeast,
  type LegacyProtocolVersion,
} from './protocol/versions.js';
export type { ProtocolContext } from './protocol/protocol-context.interface.js';
export type { ProtocolEras } from './protocol/modern/protocol-eras.js';

// ── Errors ───────────────────────────────────────────────────────────────────────────────────
export {
  McpError,
  TransportError,
  RequestTimeoutError,
  RequestCancelledError,
  ConnectionClosedError,
  ListenLimitError,
  LISTEN_LIMIT_ERROR_CODE,
  VersionNegotiationError,
  InputRoundLimitError,
  ListenError,
  type ListenErrorReason,
  CapacityError,
  CAPACITY_ERROR_CODE,
  type CapacityLimit,
  type CapacityErrorData,
  StoreUnavailableError,
  STORE_UNAVAILABLE_ERROR_CODE,
} from './errors/index.js';

// ── Nest module, decorators and the Nest pipeline ────────────────────────────────────────────
export { McpModule, type McpModuleAsyncOptions } from './nest/mcp.module.js';
export { MCP_MODULE_OPTIONS } from './nest/mcp.module-definition.js';
export type {
  McpModuleOptions,
  McpModuleExtras,
  McpModuleFactoryOptions,
} from './nest/mcp-module-options.interface.js';
export {
  Tool,
  Prompt,
  Resource,
  ResourceTemplate,
  type McpCompleters,
  type McpPromptOptions,
  type McpResourceTemplateOptions,
} from './nest/decorators/mcp-primitives.decorator.js';
export {
  McpArgs,
  McpCtx,
  McpSession,
  McpSessionParam,
  McpRequest,
} from './nest/invoker/mcp-param.decorators.js';
export {
  McpExecutionContext,
  type McpCallContext,
  type McpContextType,
  type McpRequestLike,
} from './nest/invoker/mcp-execution-context.js';
export { McpCallCancelledException } from './nest/invoker/handler-callback.wrapper.js';
export { getCurrentMcpContext } from './nest/invoker/current-mcp-context.js';
export {
  createMcpTestClient,
  type McpTestClientOptions,
  type McpTestTarget,
} from './nest/testing/create-mcp-test-client.js';
export { EVENT_STORE, SESSION_STORE, MESSAGE_BUS } from './nest/mcp-stores.providers.js';
export type { McpSseExtras } from './nest/sse/sse-module-extras.js';
export {
  createMcpWebSocketGateway,
  type McpWebSocketGatewayOptions,
} from './nest/websocket/create-mcp-websocket-gateway.js';
export {
  McpWebSocketGateway,
  MCP_WEBSOCKET_OPTIONS,
} from './nest/websocket/mcp-websocket.gateway.js';
export type { McpWebSocketSettings } from './nest/websocket/mcp-websocket.providers.js';
export type { WebSocketMountMode } from './nest/websocket/mount-websocket-endpoint.js';
export { McpStdio } from './nest/stdio/mcp-stdio.js';
export type { McpStdioOptions, McpStdioServer } from './nest/stdio/mcp-stdio-options.interface.js';
export { StderrLogger } from './nest/stdio/stderr-logger.js';

// ── Server: registration API, handler context, definitions ───────────────────────────────────
export { McpServer } from './server/mcp-server.js';
export { McpServerCore, type ClientNotificationEvent } from './server/mcp-server-core.js';
export type { McpServerOptions, McpServerInfo } from './server/mcp-server-options.interface.js';
export type { McpLogger } from './engine/logger.interface.js';
export {
  McpContext,
  type ClientRequestOptions,
  type InputRequestOptions,
  type InputRequiredOptions,
  type McpSessionHandle,
  type McpTraceContext,
} from './server/context/mcp-context.js';
export { InputRequiredInterrupt, isInputRequired } from './server/mrtr/input-required.interrupt.js';
export type { RequestStateOptions } from './server/mrtr/request-state-codec.js';
export type { McpCacheHint, McpCacheOptions } from './server/results/cache-hints.js';
export type { ListenOptions, ListenLimits } from './server/listen/listen-options.interface.js';
// Capacity limits, refusal counters and graceful shutdown.
export type { McpLimitsOptions, ResolvedLimits } from './server/limits/limits-options.interface.js';
export type { McpServerStats } from './server/limits/server-stats.js';
export type { RefusalKind, RefusalCounts } from './server/limits/server-limits.js';
export type { SessionAdmission } from './engine/transport-info.interface.js';
export type { ListenHub } from './server/listen/listen-hub.js';
export type {
  ToolOptions,
  PromptOptions,
  PromptArgumentOption,
  ResourceOptions,
  ResourceTemplateOptions,
  ArgumentCompleter,
  ToolHandler,
  PromptHandler,
  ResourceHandler,
  ResourceTemplateHandler,
  VisibilityPredicate,
  SchemaArgs,
  PromptArgs,
} from './server/registry/definitions.interface.js';
export type { RegistryView, PrimitiveListKind } from './server/registry/registry-view.interface.js';
export type { SchemaInput } from './server/schema/schema-compiler.js';
export type { JsonSchema } from './server/schema/json-schema.interface.js';
export type { TransportInfo, TransportKind } from './engine/transport-info.interface.js';
export type { RequestOutlet, ModernDispatch } from './engine/request-outlet.interface.js';
export { UriTemplate } from './server/uri-template/index.js';

// ── Stores (pluggable seams with in-memory defaults) ─────────────────────────────────────────
export type { EventStore } from './stores/event-store.interface.js';
export { InMemoryEventStore } from './stores/in-memory-event-store.js';
export type { SessionStore, SessionRecord } from './stores/session-store.interface.js';
export { InMemorySessionStore } from './stores/in-memory-session-store.js';
export type {
  MessageBus,
  McpBusEvent,
  McpServerEvent,
  McpClusterEvent,
} from './stores/message-bus.interface.js';
export { InMemoryMessageBus } from './stores/in-memory-message-bus.js';
export type { SharedEventStore, StreamInfo, FollowEnd } from './stores/event-store.interface.js';
export { parseBusEvent } from './stores/parse-bus-event.js';

// ── Redis stores (several instances behind a load balancer; optional peer `ioredis`) ─────────
export { createRedisStores, type McpRedisStores } from './stores/redis/create-redis-stores.js';
export { RedisConnection } from './stores/redis/redis-connection.js';
export { RedisSessionStore } from './stores/redis/redis-session-store.js';
export { RedisEventStore } from './stores/redis/redis-event-store.js';
export { RedisMessageBus } from './stores/redis/redis-message-bus.js';
export { type McpRedisOptions, DEFAULT_REDIS_URL } from './stores/redis/redis-options.interface.js';

// ── Server transports (outside Nest: pass `McpServer.core`) ──────────────────────────────────
export type { McpServerPort } from './transports/server-port/mcp-server-port.interface.js';
export type { McpSessionPort } from './transports/server-port/mcp-session-port.interface.js';
export type { HostOriginOptions } from './transports/shared/host-origin.options.js';
export { StreamableHttpHandler } from './transports/http/streamable-http.handler.js';
export type { StreamableHttpOptions } from './transports/http/streamable-http.options.js';
export { SseHandler } from './transports/sse/sse.handler.js';
export type { SseTransportOptions } from './transports/sse/sse-transport.options.js';
export {
  StdioServerTransport,
  type StdioServerTransportOptions,
  type StdioCloseReason,
} from './transports/stdio/stdio-server.transport.js';
export {
  attachMcpWebSocket,
  type McpWebSocketEndpoint,
} from './transports/websocket/attach-mcp-websocket.js';
export { McpWebSocketServer } from './transports/websocket/mcp-websocket-server.js';
export type { WebSocketTransportOptions } from './transports/websocket/websocket-transport.options.js';
export {
  MCP_WEBSOCKET_SUBPROTOCOL,
  WebSocketCloseCode,
} from './transports/websocket/websocket-protocol.js';

// ── Client ───────────────────────────────────────────────────────────────────────────────────
export { McpClient } from './client/mcp-client.js';
export type {
  McpClientRequestMethod,
  McpRequestArgs,
} from './client/mcp-client-request.interface.js';
export type { McpBatchEntry, McpBatchResults } from './client/mcp-client-batch.js';
export type {
  McpClientState,
  McpLogMessage,
  McpProgressEvent,
  ToolCallEvent,
} from './client/mcp-client-events.interface.js';
export type {
  McpClientOptions,
  McpCallOptions,
  McpCallProgress,
  McpRoot,
  SamplingHandler,
  ElicitationHandler,
  ServerRequestContext,
  VersionNegotiation,
} from './client/mcp-client-options.interface.js';
export type { McpClientEra } from './client/era/negotiated-server.js';
export type { McpInputRound, InputRequiredHandler } from './client/mrtr/input-round.interface.js';
export type { McpListenEvent, McpListenOptions } from './client/listen/listen-event.interface.js';
export type {
  McpClientCache,
  McpClientCacheOptions,
  McpCacheEntry,
} from './client/cache/mcp-client-cache.interface.js';
export { InMemoryClientCache } from './client/cache/in-memory-client-cache.js';
export type { ClientTransport, ClientSendOptions } from './client/client-transport.interface.js';
export { McpClientModule } from './nest/client/mcp-client.module.js';
export {
  InjectMcpClient,
  getMcpClientToken,
  DEFAULT_MCP_CLIENT,
} from './nest/client/mcp-client.tokens.js';
export type {
  McpClientRegistration,
  McpClientAsyncRegistration,
} from './nest/client/mcp-client.module-definition.js';
export type {
  McpClientModuleOptions,
  McpClientModuleExtras,
  McpClientOptionsFactory,
} from './nest/client/mcp-client-module-options.interface.js';

// ── Client transports ────────────────────────────────────────────────────────────────────────
export type { HeadersProvider } from './transports/shared/headers-provider.js';
export { StreamableHttpClientTransport } from './transports/http/client/streamable-http-client.transport.js';
export type {
  StreamableHttpClientOptions,
  SseReconnectionOptions,
  FetchLike,
} from './transports/http/client/streamable-http-client.options.js';
export {
  FallbackClientTransport,
  createStreamableHttpTransportWithFallback,
  isLegacyServerRefusal,
  type StreamableHttpFallbackOptions,
} from './transports/http/client/legacy-fallback.transport.js';
export { SseClientTransport } from './transports/sse/sse-client.transport.js';
export type {
  SseClientTransportOptions,
  SseClientReconnectionOptions,
} from './transports/sse/sse-client.options.js';
export { WebSocketClientTransport } from './transports/websocket/websocket-client.transport.js';
export type { WebSocketClientTransportOptions } from './transports/websocket/websocket-client.transport.js';
export { StdioClientTransport, type StdioExit } from './transports/stdio/stdio-client.transport.js';
export {
  defaultStdioEnvironment,
  type StdioClientTransportOptions,
} from './transports/stdio/stdio-client.options.js';
export {
  InMemoryClientTransport,
  type InMemoryClientOptions,
} from './transports/in-memory/in-memory-client.transport.js';
