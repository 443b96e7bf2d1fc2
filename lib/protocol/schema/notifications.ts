import { z } from 'zod';
import { NotificationParamsSchema, ProgressTokenSchema, RequestIdSchema } from './base.js';
import { LoggingLevelSchema } from './logging.js';

/**
 * Params of `notifications/cancelled`. `requestId` is optional in 2025-11-25 (tasks use
 * `tasks/cancel`) and required in 2026-07-28.
 */
export const CancelledNotificationParamsSchema = NotificationParamsSchema.extend({
  requestId: z.optional(RequestIdSchema),
  reason: z.optional(z.string()),
});
/** `notifications/cancelled` params. */
export type CancelledNotificationParams = z.infer<typeof CancelledNotificationParamsSchema>;

/** Params of `notifications/progress` (`message` since 2025-03-26). */
export const ProgressNotificationParamsSchema = NotificationParamsSchema.extend({
  progressToken: ProgressTokenSchema,
  progress: z.number(),
  total: z.optional(z.number()),
  message: z.optional(z.string()),
});
/** `notifications/progress` params. */
export type ProgressNotificationParams = z.infer<typeof ProgressNotificationParamsSchema>;

/** Params of `notifications/resources/updated`: the (sub-)resource `uri` that changed. */
export const ResourceUpdatedNotificationParamsSchema = NotificationParamsSchema.extend({
  uri: z.string(),
});
/** `notifications/resources/updated` params. */
export type ResourceUpdatedNotificationParams = z.infer<
  typeof ResourceUpdatedNotificationParamsSchema
>;

/** Params of `notifications/message`: a log entry with `level`, optional `logger`, any `data`. */
export const LoggingMessageNotificationParamsSchema = NotificationParamsSchema.extend({
  level: LoggingLevelSchema,
  logger: z.optional(z.string()),
  data: z.unknown(),
}).refine((params) => 'data' in params, { message: 'data is required', path: ['data'] });
/** `notifications/message` params. */
export type LoggingMessageNotificationParams = z.infer<
  typeof LoggingMessageNotificationParamsSchema
>;
