/** Params/result schemas shared by several method-table entries. Built once at module load. */
import { z } from 'zod';
import {
  EmptyResultSchema,
  NotificationParamsSchema,
  PaginatedRequestParamsSchema,
  RequestIdSchema,
  RequestParamsSchema,
} from '../schema/base.js';
import {
  CacheableResultSchema,
  InputResponseRequestParamsSchema,
  ModernResultSchema,
} from '../schema/modern.js';
import { CancelledNotificationParamsSchema } from '../schema/notifications.js';
import {
  CancelTaskRequestParamsSchema,
  CancelTaskResultSchema,
  GetTaskPayloadRequestParamsSchema,
  GetTaskPayloadResultSchema,
  GetTaskRequestParamsSchema,
  GetTaskResultSchema,
  ListTasksResultSchema,
} from '../schema/tasks.js';
import {
  ModernGetTaskResultSchema,
  ModernTaskIdParamsSchema,
  TaskAckResultSchema,
} from '../schema/tasks-extension.js';

/** Params of a request that carries only an optional `_meta` (params may be absent). */
export const OptionalRequestParams = z.optional(RequestParamsSchema);
/** Params of a paginated list request (params may be absent). */
export const OptionalPaginatedParams = z.optional(PaginatedRequestParamsSchema);
/** Params of notifications that carry only an optional `_meta`. */
export const OptionalNotificationParams = z.optional(NotificationParamsSchema);

/** MRTR retry fields (`inputResponses`, `requestState`) a 2026-07-28 request may carry. */
export const mrtrShape = InputResponseRequestParamsSchema.shape;
/** Fields of every 2026-07-28 result (`resultType`, typed `_meta`). */
export const modernShape = ModernResultSchema.shape;
/** Fields of a cacheable 2026-07-28 result (`ttlMs`, `cacheScope`). */
export const cacheableShape = CacheableResultSchema.shape;

/** `notifications/cancelled` params of 2026-07-28: `requestId` is required. */
export const ModernCancelledParams = CancelledNotificationParamsSchema.extend({
  requestId: RequestIdSchema,
});

/** `ping`, the same in both directions (session era only). */
export const PING = {
  method: 'ping',
  legacy: { params: OptionalRequestParams, result: EmptyResultSchema },
} as const;

/**
 * The `tasks/*` requests: experimental in 2025-11-25 (the same in both directions); `tasks/get`
 * and `tasks/cancel` also belong to the 2026-07-28 tasks extension, where `tasks/result` and
 * `tasks/list` are gone and `tasks/update` is added (client → server only).
 */
export const TASK_REQUESTS = [
  {
    method: 'tasks/get',
    capability: 'tasks',
    legacy: { params: GetTaskRequestParamsSchema, result: GetTaskResultSchema },
    modern: { params: ModernTaskIdParamsSchema, result: ModernGetTaskResultSchema },
  },
  {
    method: 'tasks/result',
    capability: 'tasks',
    legacy: { params: GetTaskPayloadRequestParamsSchema, result: GetTaskPayloadResultSchema },
  },
  {
    method: 'tasks/list',
    capability: 'tasks',
    legacy: { params: OptionalPaginatedParams, result: ListTasksResultSchema },
  },
  {
    method: 'tasks/cancel',
    capability: 'tasks',
    legacy: { params: CancelTaskRequestParamsSchema, result: CancelTaskResultSchema },
    modern: { params: ModernTaskIdParamsSchema, result: TaskAckResultSchema },
  },
] as const;
