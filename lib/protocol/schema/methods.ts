/**
 * Method names per direction for revision 2025-11-25, and method → params/result schema maps
 * built once at module load (the engine validates each message with one lookup).
 */
import { z } from 'zod';
import {
  EmptyResultSchema,
  NotificationParamsSchema,
  PaginatedRequestParamsSchema,
  RequestParamsSchema,
} from './base.js';
import { CompleteRequestParamsSchema, CompleteResultSchema } from './completion.js';
import {
  ElicitationCompleteNotificationParamsSchema,
  ElicitRequestParamsSchema,
  ElicitResultSchema,
} from './elicitation.js';
import { InitializeRequestParamsSchema, InitializeResultSchema } from './lifecycle.js';
import { SetLevelRequestParamsSchema } from './logging.js';
import {
  CancelledNotificationParamsSchema,
  LoggingMessageNotificationParamsSchema,
  ProgressNotificationParamsSchema,
  ResourceUpdatedNotificationParamsSchema,
} from './notifications.js';
import {
  GetPromptRequestParamsSchema,
  GetPromptResultSchema,
  ListPromptsResultSchema,
} from './prompts.js';
import {
  ListResourcesResultSchema,
  ListResourceTemplatesResultSchema,
  ReadResourceRequestParamsSchema,
  ReadResourceResultSchema,
  SubscribeRequestParamsSchema,
  UnsubscribeRequestParamsSchema,
} from './resources.js';
import { ListRootsResultSchema } from './roots.js';
import { CreateMessageRequestParamsSchema, CreateMessageResultSchema } from './sampling.js';
import {
  CancelTaskRequestParamsSchema,
  CancelTaskResultSchema,
  CreateTaskResultSchema,
  GetTaskPayloadRequestParamsSchema,
  GetTaskPayloadResultSchema,
  GetTaskRequestParamsSchema,
  GetTaskResultSchema,
  ListTasksResultSchema,
  TaskStatusNotificationParamsSchema,
} from './tasks.js';
import {
  CallToolRequestParamsSchema,
  CallToolResultSchema,
  ListToolsResultSchema,
} from './tools.js';

/** Client → server request methods of 2025-11-25 (`tasks/*` experimental). */
export const CLIENT_REQUEST_METHODS = [
  'ping',
  'initialize',
  'completion/complete',
  'logging/setLevel',
  'prompts/get',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'resources/subscribe',
  'resources/unsubscribe',
  'tools/call',
  'tools/list',
  'tasks/get',
  'tasks/result',
  'tasks/list',
  'tasks/cancel',
] as const;
/** A client → server request method. */
export type ClientRequestMethod = (typeof CLIENT_REQUEST_METHODS)[number];

/** Server → client request methods of 2025-11-25 (`tasks/*` experimental). */
export const SERVER_REQUEST_METHODS = [
  'ping',
  'sampling/createMessage',
  'roots/list',
  'elicitation/create',
  'tasks/get',
  'tasks/result',
  'tasks/list',
  'tasks/cancel',
] as const;
/** A server → client request method. */
export type ServerRequestMethod = (typeof SERVER_REQUEST_METHODS)[number];

/** Client → server notification methods of 2025-11-25. */
export const CLIENT_NOTIFICATION_METHODS = [
  'notifications/cancelled',
  'notifications/progress',
  'notifications/initialized',
  'notifications/roots/list_changed',
  'notifications/tasks/status',
] as const;
/** A client → server notification method. */
export type ClientNotificationMethod = (typeof CLIENT_NOTIFICATION_METHODS)[number];

/** Server → client notification methods of 2025-11-25. */
export const SERVER_NOTIFICATION_METHODS = [
  'notifications/cancelled',
  'notifications/progress',
  'notifications/message',
  'notifications/resources/updated',
  'notifications/resources/list_changed',
  'notifications/tools/list_changed',
  'notifications/prompts/list_changed',
  'notifications/elicitation/complete',
  'notifications/tasks/status',
] as const;
/** A server → client notification method. */
export type ServerNotificationMethod = (typeof SERVER_NOTIFICATION_METHODS)[number];

const OptionalRequestParams = z.optional(RequestParamsSchema);
const OptionalPaginatedParams = z.optional(PaginatedRequestParamsSchema);
/** Params of notifications that carry only an optional `_meta`. */
export const OptionalNotificationParams = z.optional(NotificationParamsSchema);

/** Params schemas of the `tasks/*` requests, valid in both directions. */
const TaskRequestParams = {
  'tasks/get': GetTaskRequestParamsSchema,
  'tasks/result': GetTaskPayloadRequestParamsSchema,
  'tasks/list': OptionalPaginatedParams,
  'tasks/cancel': CancelTaskRequestParamsSchema,
} as const;

/** Result schemas of the `tasks/*` requests, valid in both directions. */
const TaskRequestResults = {
  'tasks/get': GetTaskResultSchema,
  'tasks/result': GetTaskPayloadResultSchema,
  'tasks/list': ListTasksResultSchema,
  'tasks/cancel': CancelTaskResultSchema,
} as const;

/** Client → server method → params schema (wrapped in `z.optional` where params may be absent). */
export const ClientRequestParamsSchemas = Object.freeze({
  ping: OptionalRequestParams,
  initialize: InitializeRequestParamsSchema,
  'completion/complete': CompleteRequestParamsSchema,
  'logging/setLevel': SetLevelRequestParamsSchema,
  'prompts/get': GetPromptRequestParamsSchema,
  'prompts/list': OptionalPaginatedParams,
  'resources/list': OptionalPaginatedParams,
  'resources/templates/list': OptionalPaginatedParams,
  'resources/read': ReadResourceRequestParamsSchema,
  'resources/subscribe': SubscribeRequestParamsSchema,
  'resources/unsubscribe': UnsubscribeRequestParamsSchema,
  'tools/call': CallToolRequestParamsSchema,
  'tools/list': OptionalPaginatedParams,
  ...TaskRequestParams,
} satisfies Record<ClientRequestMethod, z.ZodType>);

/** Client → server method → result schema; task-augmentable methods also accept `CreateTaskResult`. */
export const ClientRequestResultSchemas = Object.freeze({
  ping: EmptyResultSchema,
  initialize: InitializeResultSchema,
  'completion/complete': CompleteResultSchema,
  'logging/setLevel': EmptyResultSchema,
  'prompts/get': GetPromptResultSchema,
  'prompts/list': ListPromptsResultSchema,
  'resources/list': ListResourcesResultSchema,
  'resources/templates/list': ListResourceTemplatesResultSchema,
  'resources/read': ReadResourceResultSchema,
  'resources/subscribe': EmptyResultSchema,
  'resources/unsubscribe': EmptyResultSchema,
  'tools/call': z.union([CallToolResultSchema, CreateTaskResultSchema]),
  'tools/list': ListToolsResultSchema,
  ...TaskRequestResults,
} satisfies Record<ClientRequestMethod, z.ZodType>);

/** Server → client method → params schema (wrapped in `z.optional` where params may be absent). */
export const ServerRequestParamsSchemas = Object.freeze({
  ping: OptionalRequestParams,
  'sampling/createMessage': CreateMessageRequestParamsSchema,
  'roots/list': OptionalRequestParams,
  'elicitation/create': ElicitRequestParamsSchema,
  ...TaskRequestParams,
} satisfies Record<ServerRequestMethod, z.ZodType>);

/** Server → client method → result schema; task-augmentable methods also accept `CreateTaskResult`. */
export const ServerRequestResultSchemas = Object.freeze({
  ping: EmptyResultSchema,
  'sampling/createMessage': z.union([CreateMessageResultSchema, CreateTaskResultSchema]),
  'roots/list': ListRootsResultSchema,
  'elicitation/create': z.union([ElicitResultSchema, CreateTaskResultSchema]),
  ...TaskRequestResults,
} satisfies Record<ServerRequestMethod, z.ZodType>);

/** Client → server notification method → params schema. */
export const ClientNotificationParamsSchemas = Object.freeze({
  'notifications/cancelled': CancelledNotificationParamsSchema,
  'notifications/progress': ProgressNotificationParamsSchema,
  'notifications/initialized': OptionalNotificationParams,
  'notifications/roots/list_changed': OptionalNotificationParams,
  'notifications/tasks/status': TaskStatusNotificationParamsSchema,
} satisfies Record<ClientNotificationMethod, z.ZodType>);

/** Server → client notification method → params schema. */
export const ServerNotificationParamsSchemas = Object.freeze({
  'notifications/cancelled': CancelledNotificationParamsSchema,
  'notifications/progress': ProgressNotificationParamsSchema,
  'notifications/message': LoggingMessageNotificationParamsSchema,
  'notifications/resources/updated': ResourceUpdatedNotificationParamsSchema,
  'notifications/resources/list_changed': OptionalNotificationParams,
  'notifications/tools/list_changed': OptionalNotificationParams,
  'notifications/prompts/list_changed': OptionalNotificationParams,
  'notifications/elicitation/complete': ElicitationCompleteNotificationParamsSchema,
  'notifications/tasks/status': TaskStatusNotificationParamsSchema,
} satisfies Record<ServerNotificationMethod, z.ZodType>);

/** Parsed params type of a client → server request method. */
export type ClientRequestParamsOf<M extends ClientRequestMethod> = z.infer<
  (typeof ClientRequestParamsSchemas)[M]
>;
/** Parsed result type of a client → server request method. */
export type ClientRequestResultOf<M extends ClientRequestMethod> = z.infer<
  (typeof ClientRequestResultSchemas)[M]
>;
/** Parsed params type of a server → client request method. */
export type ServerRequestParamsOf<M extends ServerRequestMethod> = z.infer<
  (typeof ServerRequestParamsSchemas)[M]
>;
/** Parsed result type of a server → client request method. */
export type ServerRequestResultOf<M extends ServerRequestMethod> = z.infer<
  (typeof ServerRequestResultSchemas)[M]
>;
