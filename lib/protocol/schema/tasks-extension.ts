import { z } from 'zod';
import { NotificationParamsSchema, RequestParamsSchema } from './base.js';
import { InputRequestsSchema, ModernResultSchema } from './modern.js';
import { TaskStatusSchema } from './tasks.js';

// The 2026-07-28 `io.modelcontextprotocol/tasks` extension (SEP-2663): server-directed task
// creation, `tasks/get` inlining the result, `tasks/update` carrying input answers.

/** Identifier of the tasks extension in `capabilities.extensions`; 2026-07-28. */
export const TASKS_EXTENSION_ID = 'io.modelcontextprotocol/tasks';

/** A task of the extension: `ttlMs` (ms or null) and `pollIntervalMs` replace `ttl`/`pollInterval`. */
export const ModernTaskSchema = z.looseObject({
  taskId: z.string(),
  status: TaskStatusSchema,
  statusMessage: z.optional(z.string()),
  createdAt: z.string(),
  lastUpdatedAt: z.string(),
  ttlMs: z.nullable(z.number().int()),
  pollIntervalMs: z.optional(z.number().int()),
});
/** A 2026-07-28 task. */
export type ModernTask = z.infer<typeof ModernTaskSchema>;

/** A JSON-RPC error object as a failed task inlines it. */
export const TaskErrorSchema = z.looseObject({
  code: z.number(),
  message: z.string(),
  data: z.optional(z.unknown()),
});

/**
 * A task with its status payload (`DetailedTask`): `inputRequests` while `input_required`,
 * `result` once `completed`, `error` once `failed`.
 */
export const DetailedTaskSchema = ModernTaskSchema.extend({
  inputRequests: z.optional(InputRequestsSchema),
  result: z.optional(z.record(z.string(), z.unknown())),
  error: z.optional(TaskErrorSchema),
});
/** A detailed task. */
export type DetailedTask = z.infer<typeof DetailedTaskSchema>;

/** Answer of a task-creating request: the flat task with `resultType: "task"`. */
export const ModernCreateTaskResultSchema = ModernResultSchema.extend({
  ...ModernTaskSchema.shape,
  resultType: z.literal('task'),
});
/** A 2026-07-28 `CreateTaskResult`. */
export type ModernCreateTaskResult = z.infer<typeof ModernCreateTaskResultSchema>;

/** Params naming one task (`tasks/get`, `tasks/cancel`); 2026-07-28. */
export const ModernTaskIdParamsSchema = RequestParamsSchema.extend({ taskId: z.string() });

/** Result of a 2026-07-28 `tasks/get`: the detailed task. */
export const ModernGetTaskResultSchema = ModernResultSchema.extend(DetailedTaskSchema.shape);
/** `tasks/get` result (2026-07-28). */
export type ModernGetTaskResult = z.infer<typeof ModernGetTaskResultSchema>;

/**
 * Params of `tasks/update`: answers to the task's outstanding `inputRequests`, by key. Each answer
 * is checked against the request it answers when that key is outstanding; answers to other keys
 * are ignored (SEP-2663), so they are only required to be objects here.
 */
export const UpdateTaskRequestParamsSchema = ModernTaskIdParamsSchema.extend({
  inputResponses: z.record(z.string(), z.record(z.string(), z.unknown())),
});
/** `tasks/update` params. */
export type UpdateTaskRequestParams = z.infer<typeof UpdateTaskRequestParamsSchema>;

/** The empty acknowledgement of `tasks/update` and `tasks/cancel` (`resultType: "complete"`). */
export const TaskAckResultSchema = ModernResultSchema;

/** Params of `notifications/tasks`: the detailed task as `tasks/get` would return it. */
export const ModernTaskStatusNotificationParamsSchema = NotificationParamsSchema.extend(
  DetailedTaskSchema.shape,
);
/** `notifications/tasks` params. */
export type ModernTaskStatusNotificationParams = z.infer<
  typeof ModernTaskStatusNotificationParamsSchema
>;
