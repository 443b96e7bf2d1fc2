/**
 * Method names and method → schema maps of revision 2026-07-28 (modern era), built once at
 * module load. There are no server → client requests in this revision (MRTR replaces them).
 */
import { z } from 'zod';
import { PaginatedRequestParamsSchema, RequestIdSchema } from './base.js';
import { CompleteRequestParamsSchema, CompleteResultSchema } from './completion.js';
import { ServerNotificationParamsSchemas } from './methods.js';
import {
  CacheableResultSchema,
  DiscoverRequestParamsSchema,
  DiscoverResultSchema,
  InputRequiredResultSchema,
  InputResponseRequestParamsSchema,
  ModernResultSchema,
  SubscriptionsAcknowledgedNotificationParamsSchema,
  SubscriptionsListenRequestParamsSchema,
  SubscriptionsListenResultSchema,
} from './modern.js';
import { CancelledNotificationParamsSchema } from './notifications.js';
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
} from './resources.js';
import {
  CallToolRequestParamsSchema,
  CallToolResultSchema,
  ListToolsResultSchema,
} from './tools.js';

/** Client → server request methods of 2026-07-28. */
export const MODERN_CLIENT_REQUEST_METHODS = [
  'server/discover',
  'completion/complete',
  'prompts/get',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'subscriptions/listen',
  'tools/call',
  'tools/list',
] as const;
/** A 2026-07-28 client → server request method. */
export type ModernClientRequestMethod = (typeof MODERN_CLIENT_REQUEST_METHODS)[number];

/** Client → server notification methods of 2026-07-28. */
export const MODERN_CLIENT_NOTIFICATION_METHODS = ['notifications/cancelled'] as const;
/** A 2026-07-28 client → server notification method. */
export type ModernClientNotificationMethod = (typeof MODERN_CLIENT_NOTIFICATION_METHODS)[number];

/** Server → client notification methods of 2026-07-28. */
export const MODERN_SERVER_NOTIFICATION_METHODS = [
  'notifications/cancelled',
  'notifications/progress',
  'notifications/message',
  'notifications/resources/updated',
  'notifications/resources/list_changed',
  'notifications/tools/list_changed',
  'notifications/prompts/list_changed',
  'notifications/subscriptions/acknowledged',
] as const;
/** A 2026-07-28 server → client notification method. */
export type ModernServerNotificationMethod = (typeof MODERN_SERVER_NOTIFICATION_METHODS)[number];

/** MRTR retry fields (`inputResponses`, `requestState`) added to a request's params. */
const mrtr = InputResponseRequestParamsSchema.shape;

/** 2026-07-28 client → server method → params schema (params are always present). */
export const ModernClientRequestParamsSchemas = Object.freeze({
  'server/discover': DiscoverRequestParamsSchema,
  'completion/complete': CompleteRequestParamsSchema,
  'prompts/get': GetPromptRequestParamsSchema.extend(mrtr),
  'prompts/list': PaginatedRequestParamsSchema,
  'resources/list': PaginatedRequestParamsSchema,
  'resources/templates/list': PaginatedRequestParamsSchema,
  'resources/read': ReadResourceRequestParamsSchema.extend(mrtr),
  'subscriptions/listen': SubscriptionsListenRequestParamsSchema,
  'tools/call': CallToolRequestParamsSchema.extend(mrtr),
  'tools/list': PaginatedRequestParamsSchema,
} satisfies Record<ModernClientRequestMethod, z.ZodType>);

const modern = ModernResultSchema.shape;
const cacheable = CacheableResultSchema.shape;

/**
 * 2026-07-28 client → server method → result schema. `tools/call`, `prompts/get` and
 * `resources/read` may also answer with an `InputRequiredResult` (tried first).
 */
export const ModernClientRequestResultSchemas = Object.freeze({
  'server/discover': DiscoverResultSchema,
  'completion/complete': CompleteResultSchema.extend(modern),
  'prompts/get': z.union([InputRequiredResultSchema, GetPromptResultSchema.extend(modern)]),
  'prompts/list': ListPromptsResultSchema.extend(cacheable),
  'resources/list': ListResourcesResultSchema.extend(cacheable),
  'resources/templates/list': ListResourceTemplatesResultSchema.extend(cacheable),
  'resources/read': z.union([
    InputRequiredResultSchema,
    ReadResourceResultSchema.extend(cacheable),
  ]),
  'subscriptions/listen': SubscriptionsListenResultSchema,
  'tools/call': z.union([InputRequiredResultSchema, CallToolResultSchema.extend(modern)]),
  'tools/list': ListToolsResultSchema.extend(cacheable),
} satisfies Record<ModernClientRequestMethod, z.ZodType>);

/** `notifications/cancelled` params of 2026-07-28: `requestId` is required. */
const ModernCancelledParams = CancelledNotificationParamsSchema.extend({
  requestId: RequestIdSchema,
});

/** 2026-07-28 client → server notification method → params schema. */
export const ModernClientNotificationParamsSchemas = Object.freeze({
  'notifications/cancelled': ModernCancelledParams,
} satisfies Record<ModernClientNotificationMethod, z.ZodType>);

/** 2026-07-28 server → client notification method → params schema. */
export const ModernServerNotificationParamsSchemas = Object.freeze({
  // Unchanged from 2025-11-25:
  'notifications/progress': ServerNotificationParamsSchemas['notifications/progress'],
  'notifications/message': ServerNotificationParamsSchemas['notifications/message'],
  'notifications/resources/updated':
    ServerNotificationParamsSchemas['notifications/resources/updated'],
  'notifications/resources/list_changed':
    ServerNotificationParamsSchemas['notifications/resources/list_changed'],
  'notifications/tools/list_changed':
    ServerNotificationParamsSchemas['notifications/tools/list_changed'],
  'notifications/prompts/list_changed':
    ServerNotificationParamsSchemas['notifications/prompts/list_changed'],
  // New or changed in 2026-07-28:
  'notifications/cancelled': ModernCancelledParams,
  'notifications/subscriptions/acknowledged': SubscriptionsAcknowledgedNotificationParamsSchema,
} satisfies Record<ModernServerNotificationMethod, z.ZodType>);

/** Parsed params type of a 2026-07-28 client → server request method. */
export type ModernClientRequestParamsOf<M extends ModernClientRequestMethod> = z.infer<
  (typeof ModernClientRequestParamsSchemas)[M]
>;
/** Parsed result type of a 2026-07-28 client → server request method. */
export type ModernClientRequestResultOf<M extends ModernClientRequestMethod> = z.infer<
  (typeof ModernClientRequestResultSchemas)[M]
>;
