/**
 * Every protocol (wire) type a user may meet, type-only, inferred from the zod schemas in
 * `./schema`. Published as the `Mcp` namespace (`Mcp.Tool`, `Mcp.CallToolResult<T>`,
 * `Mcp.ContentBlock`) so that none of them collides with the `@Tool`/`@Prompt`/`@Resource`/
 * `@ResourceTemplate` decorators.
 */

// JSON-RPC envelope
export type {
  JsonRpcErrorObject,
  JsonRpcErrorResponse,
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  JsonRpcResultResponse,
} from './json-rpc.js';

// Base types
export type {
  Annotations,
  BaseMetadata,
  Cursor,
  EmptyResult,
  Icon,
  Icons,
  Implementation,
  Meta,
  NotificationParams,
  PaginatedRequestParams,
  PaginatedResult,
  ProgressToken,
  RequestId,
  RequestMeta,
  RequestParams,
  Result,
  Role,
} from './schema/base.js';

// Lifecycle and capabilities
export type { ClientCapabilities, ServerCapabilities } from './schema/capabilities.js';
export type { InitializeRequestParams, InitializeResult } from './schema/lifecycle.js';
export type { LoggingLevel, SetLevelRequestParams } from './schema/logging.js';

// Content
export type {
  AudioContent,
  ContentBlock,
  EmbeddedResource,
  ImageContent,
  ResourceLink,
  TextContent,
} from './schema/content.js';

// Tools
export type {
  CallToolRequestParams,
  CallToolResult,
  ListToolsResult,
  Tool,
  ToolAnnotations,
  ToolExecution,
} from './schema/tools.js';

// Prompts
export type {
  GetPromptRequestParams,
  GetPromptResult,
  ListPromptsResult,
  Prompt,
  PromptArgument,
  PromptMessage,
} from './schema/prompts.js';

// Resources
export type {
  BlobResourceContents,
  ListResourcesResult,
  ListResourceTemplatesResult,
  ReadResourceRequestParams,
  ReadResourceResult,
  Resource,
  ResourceContents,
  ResourceTemplate,
  SubscribeRequestParams,
  TextResourceContents,
  UnsubscribeRequestParams,
} from './schema/resources.js';

// Completion
export type {
  CompleteRequestParams,
  CompleteResult,
  PromptReference,
  ResourceTemplateReference,
} from './schema/completion.js';

// Client features: sampling, elicitation, roots
export type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ModelHint,
  ModelPreferences,
  SamplingMessage,
  SamplingMessageContentBlock,
  ToolChoice,
  ToolResultContent,
  ToolUseContent,
} from './schema/sampling.js';
export type {
  ElicitRequestFormParams,
  ElicitRequestParams,
  ElicitRequestURLParams,
  ElicitResult,
  PrimitiveSchemaDefinition,
} from './schema/elicitation.js';
export type { ListRootsResult, Root } from './schema/roots.js';

// Notifications
export type {
  CancelledNotificationParams,
  LoggingMessageNotificationParams,
  ProgressNotificationParams,
  ResourceUpdatedNotificationParams,
} from './schema/notifications.js';

// Tasks (experimental, 2025-11-25)
export type {
  CreateTaskResult,
  GetTaskResult,
  ListTasksResult,
  Task,
  TaskStatus,
} from './schema/tasks.js';

// Tasks extension `io.modelcontextprotocol/tasks` (2026-07-28)
export type {
  DetailedTask,
  ModernCreateTaskResult,
  ModernGetTaskResult,
  ModernTask,
  UpdateTaskRequestParams,
} from './schema/tasks-extension.js';

// Revision 2026-07-28 (stateless era)
export type {
  DiscoverResult,
  InputRequest,
  InputRequests,
  InputRequiredResult,
  InputResponse,
  InputResponses,
  ModernResult,
  SubscriptionFilter,
} from './schema/modern.js';

// Methods and their params/results
export type {
  ClientNotificationMethod,
  ClientRequestMethod,
  ClientRequestParamsOf,
  ClientRequestResultOf,
  ModernClientRequestMethod,
  ServerNotificationMethod,
  ServerRequestMethod,
  ServerRequestParamsOf,
  ServerRequestResultOf,
} from './methods/method-maps.js';
