/**
 * nestjs-mcp public API: named exports only, grouped by use. Protocol (wire) types are published
 * in the type namespace `Mcp` (`Mcp.Tool`, `Mcp.CallToolResult<T>`, `Mcp.ContentBlock`) so they
 * never collide with the decorators; library types (options, handlers, events) are flat.
 * Files inside lib/ never import from this index.
 */
import { keepTickObjectMaps } from './engine/tick-object-maps.js';

// Before the app's start-up: keeps V8's maps of Node's tick objects (see the function).
keepTickObjectMaps();

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
  TaskCancelledError,
  CapacityError,
  CAPACITY_ERROR_CODE,
  type CapacityLimit,
  type CapacityErrorData,
  UrlElicitationRequiredError,
  type UrlElicitation,
  StoreUnavailableError,
  STORE_UNAVAILABLE_ERROR_CODE,
  InvalidTokenError,
  AuthorizationServerUnavailableError,
  ClientDidNotAnswerError,
  CLIENT_DID_NOT_ANSWER_ERROR_CODE,
  type ClientDidNotAnswerData,
  McpAuthError,
  UpstreamSignInRequiredError,
  type UpstreamSignInReason,
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
  AppView,
  Skill,
  type McpSkillDecoratorOptions,
  type McpAppViewDecoratorOptions,
  type McpCompleters,
  type McpPromptOptions,
  type McpResourceTemplateOptions,
  type McpToolOptions,
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
export type { McpTestPrincipal } from './nest/testing/test-principal.js';
export {
  EVENT_STORE,
  SESSION_STORE,
  MESSAGE_BUS,
  TASK_STORE,
} from './nest/mcp-stores.providers.js';

// ── Tools from existing code: controller routes as tools, class-validator DTOs ──────────────
export {
  RouteTool,
  type McpRouteToolOptions,
  type McpRouteToolRef,
} from './nest/decorators/route-tool.decorator.js';
export type { DtoClass } from './server/schema/class-validator/dto-class.js';

export type { McpSseExtras } from './nest/sse/sse-module-extras.js';
export type {
  McpExplorerSandboxSettings,
  McpExplorerSettings,
  McpExplorerSignInSettings,
} from './nest/explorer/explorer-settings.js';
export {
  SERVER_CARD_RESOURCE_URI,
  SERVER_CARD_WELL_KNOWN,
  type McpServerCardSettings,
} from './nest/server-card/server-card-settings.js';
export type * from './server/server-card/server-card.interface.js'; // McpServerCard and its parts
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
export type {
  McpClusterRegistrations,
  ClusterComponentFactory,
} from './server/cluster/cluster-registrations.js';
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
// Request frame (HTTP request facts, stdio process) and per-session state seeding.
export { McpHttpFrame, McpStdioFrame } from './server/context/request-frame.js';
export type { McpSessionCaller, McpSessionStateSeed } from './server/session/session-state-seed.js';
// URL-mode elicitation: completion from a callback route, the -32042 error.
export { McpElicitations } from './server/elicitation/mcp-elicitations.js';
export type { ElicitUrlParams, UrlElicitationParams } from './server/context/url-elicitation.js';
// Typed form elicitation: `ctx.elicit({ message, schema })` and its answer.
export type {
  ElicitAnswer,
  ElicitContent,
  ElicitSchema,
  TypedElicitParams,
} from './server/elicitation/typed-elicit.interface.js';
export type { SchemaIssue } from './server/schema/json-schema.interface.js';
export { InputRequiredInterrupt, isInputRequired } from './server/mrtr/input-required.interrupt.js';
export type { RequestStateOptions } from './server/mrtr/request-state-codec.js';
export type { McpCacheHint, McpCacheOptions } from './server/registry/cache-hints.js';
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

// ── Response builders (fluent tool, prompt and resource results) ─────────────────────────────
export { McpResponse } from './server/response/mcp-response.js';
export {
  ToolResponse,
  type EmbeddedContents,
  type ResourceLinkFields,
} from './server/response/tool-response.js';
export { PromptResponse } from './server/response/prompt-response.js';
export {
  ResourceResponse,
  type ResourceContentsOptions,
} from './server/response/resource-response.js';
// ── Hermes parity: per-session components, lifecycle hooks, custom methods, broadcast ────────
export { McpSessionComponents } from './server/session/session-components.js';
export { ComponentRegistrar, type Named } from './server/registry/component-registrar.js';
export type { McpSessionEndCause } from './engine/session-end-cause.js';
export type {
  McpSessionRef,
  McpClientInitializedEvent,
  McpClientNotificationHookEvent,
  McpSessionEndedEvent,
} from './server/hooks/lifecycle-events.interface.js';
export type { McpHookListener } from './server/hooks/lifecycle-hooks.js';
export type { CustomMethodHandler, CustomMethodOptions } from './server/hooks/custom-methods.js';
export { customMethodNameProblem } from './protocol/methods/custom-method-name.js';
export type {
  McpBroadcastTarget,
  McpBroadcastLogOptions,
} from './server/session/broadcast-target.js';
export {
  McpMethod,
  OnMcpClientInitialized,
  OnMcpNotification,
  OnMcpSessionEnded,
  type McpMethodOptions,
} from './nest/decorators/mcp-hooks.decorator.js';

// ── Stores: in-memory defaults and Redis (named in lib/stores/public-api.ts) ───────────────────
export * from './stores/public-api.js';

// ── Tasks (tools that outlive their request; 2025-11-25 experimental, 2026-07-28 extension) ──
export type {
  McpTaskSupport,
  McpToolTaskOptions,
  McpTasksOptions,
} from './server/registry/task-options.interface.js';
export type {
  TaskStore,
  TaskRecord,
  TaskRecordPatch,
  TaskPage,
} from './stores/task-store.interface.js';
export { isTerminalStatus } from './stores/task-store.interface.js';
export { InMemoryTaskStore } from './stores/in-memory-task-store.js';
export { TASKS_EXTENSION_ID } from './protocol/schema/tasks-extension.js';
// MCP Apps (io.modelcontextprotocol/ui): views of tools, both sides.
export {
  MCP_APPS_EXTENSION_ID,
  MCP_APP_MIME_TYPE,
  LEGACY_RESOURCE_URI_KEY,
  clientSupportsApps,
  type McpAppVisibility,
  type McpAppToolMeta,
  type McpAppCsp,
  type McpAppPermissions,
  type McpAppViewMeta,
} from './protocol/schema/apps-extension.js';
export type { McpToolUi } from './server/registry/tool-ui.js';
export type {
  McpAppViewOptions,
  AppViewHandler,
} from './server/registry/app-view-options.interface.js';
export { isHtmlDocument } from './server/registry/compile-app-view.js';
// Skills (io.modelcontextprotocol/skills, SEP-2640): skill entries, both sides.
export {
  SKILLS_EXTENSION_ID,
  SKILL_MIME_TYPE,
  serverSupportsSkills,
  type Skill as McpSkill,
  type SkillResource as McpSkillResource,
  type ListSkillsResult,
  type GetSkillResult,
} from './protocol/schema/skills-extension.js';
export type {
  McpSkillOptions,
  McpSkillFile,
  McpSkillUses,
  McpSkillHandler,
  McpSkillGuard,
} from './server/registry/skill-options.interface.js';
export { SKILL_LIMITS } from './server/registry/registered-skill.js';

// ── Server transports (outside Nest: pass `McpServer.core`; named in lib/transports/public-api.ts)
export * from './transports/public-api.js';

// ── Client, client manager, client transports (named in lib/client/public-api.ts) ────────────
export * from './client/public-api.js';

// ── Client in Nest (McpClientModule, named clients) and the MCP gateway (named in their
// folders' public-api.ts) ─────────────────────────────────────────────────────────────────────
export * from './nest/client/public-api.js';
export * from './nest/gateway/public-api.js';
export * from './nest/microservices/public-api.js';

// ── Telemetry: diagnostics channels, OpenTelemetry ───────────────────────────────────────────
export { McpChannels } from './engine/telemetry/mcp-channels.js';
export type {
  McpTelemetryEra,
  McpTracedOutcome,
  McpRequestTarget,
  McpServerRequestEvent,
  McpClientRequestEvent,
  McpServerToClientRequestEvent,
  McpSessionEvent,
  McpProgressTelemetryEvent,
  McpClientConnectionEvent,
  McpClusterEventKind,
  McpClusterTelemetryEvent,
} from './engine/telemetry/mcp-telemetry-events.interface.js';
export {
  McpOpenTelemetry,
  MCP_INSTRUMENTATION_SCOPE,
} from './engine/telemetry/otel/mcp-open-telemetry.js';
export type {
  McpOpenTelemetryOptions,
  McpTelemetryStats,
} from './engine/telemetry/otel/mcp-open-telemetry-options.interface.js';
export {
  McpTelemetryModule,
  McpTelemetryService,
  MCP_TELEMETRY_OPTIONS,
  type McpTelemetryAsyncOptions,
} from './nest/telemetry/mcp-telemetry.module.js';

// ── Health (@nestjs/terminus indicators) and rate limiting (@nestjs/throttler) ──────────────
export {
  McpHealthIndicator,
  type McpServerHealthOptions,
} from './nest/health/mcp-health.indicator.js';
export {
  McpClientHealthIndicator,
  type McpClientHealthOptions,
} from './nest/client/mcp-client-health.indicator.js';
export type { McpHealthResult, McpHealthStatus } from './nest/health/health-result.js';
export { McpThrottlerGuard } from './nest/throttler/mcp-throttler.guard.js';
export { McpThrottlerStorage } from './nest/throttler/mcp-throttler-storage.js';
export {
  mcpTracker,
  type McpThrottleFacts,
  type McpThrottleRequest,
} from './nest/throttler/mcp-throttle-request.js';

// OAuth 2.1 protected resource (module option `auth`; named in lib/nest/auth/public-api.ts)
export * from './nest/auth/public-api.js';
// Also named by the client's public API: explicit here, so the two `export *` do not clash.
export {
  protectedResourceMetadata,
  resourceMetadataUrl,
  PROTECTED_RESOURCE_WELL_KNOWN,
  type ProtectedResourceMetadata,
  type ProtectedResourceMetadataOptions,
} from './server/auth/protected-resource-metadata.js';
export { bearerChallenge, type BearerChallenge } from './server/auth/bearer-challenge.js';

// OAuth 2.1 authorization server in the app (named in lib/nest/authorization-server/public-api.ts)
export * from './nest/authorization-server/public-api.js';
