import { z } from 'zod';
import {
  NotificationParamsSchema,
  PaginatedResultSchema,
  RequestParamsSchema,
  ResultSchema,
} from './base.js';

/** `_meta` key that ties a message to a task: `{ taskId }`; since 2025-11-25. */
export const RELATED_TASK_META_KEY = 'io.modelcontextprotocol/related-task';

/** Lifecycle state of a task (experimental); since 2025-11-25. */
export const TaskStatusSchema = z.enum([
  'working',
  'input_required',
  'completed',
  'failed',
  'cancelled',
]);
/** A task status. */
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

/** `params.task` of a task-augmented request: requested `ttl` in ms; since 2025-11-25. */
export const TaskMetadataSchema = z.looseObject({ ttl: z.optional(z.number()) });
/** Task augmentation metadata. */
export type TaskMetadata = z.infer<typeof TaskMetadataSchema>;

/** Value of the `io.modelcontextprotocol/related-task` `_meta` key; since 2025-11-25. */
export const RelatedTaskMetadataSchema = z.looseObject({ taskId: z.string() });
/** Related-task metadata. */
export type RelatedTaskMetadata = z.infer<typeof RelatedTaskMetadataSchema>;

/** State of a task: ids, status, ISO timestamps, `ttl` (ms or null), `pollInterval`; since 2025-11-25. */
export const TaskSchema = z.looseObject({
  taskId: z.string(),
  status: TaskStatusSchema,
  statusMessage: z.optional(z.string()),
  createdAt: z.string(),
  lastUpdatedAt: z.string(),
  ttl: z.nullable(z.number()),
  pollInterval: z.optional(z.number()),
});
/** A task. */
export type Task = z.infer<typeof TaskSchema>;

/** Request params that may ask for task-augmented execution via `task`; since 2025-11-25. */
export const TaskAugmentedRequestParamsSchema = RequestParamsSchema.extend({
  task: z.optional(TaskMetadataSchema),
});
/** Task-augmentable request params. */
export type TaskAugmentedRequestParams = z.infer<typeof TaskAugmentedRequestParamsSchema>;

/** Immediate answer to a task-augmented request; since 2025-11-25. */
export const CreateTaskResultSchema = ResultSchema.extend({ task: TaskSchema });
/** `CreateTaskResult`. */
export type CreateTaskResult = z.infer<typeof CreateTaskResultSchema>;

/** Params naming one task (`tasks/get`, `tasks/result`, `tasks/cancel`). */
const TaskIdParamsSchema = RequestParamsSchema.extend({ taskId: z.string() });

/** Params of `tasks/get`; since 2025-11-25. */
export const GetTaskRequestParamsSchema = TaskIdParamsSchema;
/** `tasks/get` params. */
export type GetTaskRequestParams = z.infer<typeof GetTaskRequestParamsSchema>;

/** Result of `tasks/get`: the task itself; since 2025-11-25. */
export const GetTaskResultSchema = ResultSchema.extend(TaskSchema.shape);
/** `tasks/get` result. */
export type GetTaskResult = z.infer<typeof GetTaskResultSchema>;

/** Params of `tasks/result`; since 2025-11-25. */
export const GetTaskPayloadRequestParamsSchema = TaskIdParamsSchema;
/** `tasks/result` params. */
export type GetTaskPayloadRequestParams = z.infer<typeof GetTaskPayloadRequestParamsSchema>;

/** Result of `tasks/result`: the underlying request's result, any shape; since 2025-11-25. */
export const GetTaskPayloadResultSchema = ResultSchema;
/** `tasks/result` result. */
export type GetTaskPayloadResult = z.infer<typeof GetTaskPayloadResultSchema>;

/** Params of `tasks/cancel`; since 2025-11-25. */
export const CancelTaskRequestParamsSchema = TaskIdParamsSchema;
/** `tasks/cancel` params. */
export type CancelTaskRequestParams = z.infer<typeof CancelTaskRequestParamsSchema>;

/** Result of `tasks/cancel`: the task in its new state; since 2025-11-25. */
export const CancelTaskResultSchema = GetTaskResultSchema;
/** `tasks/cancel` result. */
export type CancelTaskResult = z.infer<typeof CancelTaskResultSchema>;

/** Result of `tasks/list` (paginated); since 2025-11-25. */
export const ListTasksResultSchema = PaginatedResultSchema.extend({ tasks: z.array(TaskSchema) });
/** `tasks/list` result. */
export type ListTasksResult = z.infer<typeof ListTasksResultSchema>;

/** Params of `notifications/tasks/status`: the task's current state; since 2025-11-25. */
export const TaskStatusNotificationParamsSchema = NotificationParamsSchema.extend(TaskSchema.shape);
/** `notifications/tasks/status` params. */
export type TaskStatusNotificationParams = z.infer<typeof TaskStatusNotificationParamsSchema>;
