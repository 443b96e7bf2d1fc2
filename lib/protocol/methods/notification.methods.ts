/** Notifications in both directions and both eras: one method-table entry per method. */
import { ElicitationCompleteNotificationParamsSchema } from '../schema/elicitation.js';
import { SubscriptionsAcknowledgedNotificationParamsSchema } from '../schema/modern.js';
import {
  CancelledNotificationParamsSchema,
  LoggingMessageNotificationParamsSchema,
  ProgressNotificationParamsSchema,
  ResourceUpdatedNotificationParamsSchema,
} from '../schema/notifications.js';
import { TaskStatusNotificationParamsSchema } from '../schema/tasks.js';
import { ModernTaskStatusNotificationParamsSchema } from '../schema/tasks-extension.js';
import { clientNotification, serverNotification } from './method-spec.interface.js';
import { ModernCancelledParams, OptionalNotificationParams } from './shared-schemas.js';

const cancelled = { params: CancelledNotificationParamsSchema };
const modernCancelled = { params: ModernCancelledParams };
const progress = { params: ProgressNotificationParamsSchema };
const bare = { params: OptionalNotificationParams };
const taskStatus = { params: TaskStatusNotificationParamsSchema };

/** Client → server notifications. */
export const CLIENT_NOTIFICATION_SPECS = [
  clientNotification({
    method: 'notifications/cancelled',
    legacy: cancelled,
    modern: modernCancelled,
  }),
  clientNotification({ method: 'notifications/progress', legacy: progress }),
  clientNotification({ method: 'notifications/initialized', legacy: bare }),
  clientNotification({ method: 'notifications/roots/list_changed', legacy: bare }),
  clientNotification({ method: 'notifications/tasks/status', legacy: taskStatus }),
] as const;

/** Server → client notifications. */
export const SERVER_NOTIFICATION_SPECS = [
  serverNotification({
    method: 'notifications/cancelled',
    legacy: cancelled,
    modern: modernCancelled,
  }),
  serverNotification({ method: 'notifications/progress', legacy: progress, modern: progress }),
  serverNotification({
    method: 'notifications/message',
    legacy: { params: LoggingMessageNotificationParamsSchema },
    modern: { params: LoggingMessageNotificationParamsSchema },
  }),
  serverNotification({
    method: 'notifications/resources/updated',
    legacy: { params: ResourceUpdatedNotificationParamsSchema },
    modern: { params: ResourceUpdatedNotificationParamsSchema },
  }),
  serverNotification({
    method: 'notifications/resources/list_changed',
    legacy: bare,
    modern: bare,
  }),
  serverNotification({ method: 'notifications/tools/list_changed', legacy: bare, modern: bare }),
  serverNotification({ method: 'notifications/prompts/list_changed', legacy: bare, modern: bare }),
  serverNotification({
    method: 'notifications/elicitation/complete',
    legacy: { params: ElicitationCompleteNotificationParamsSchema },
  }),
  serverNotification({ method: 'notifications/tasks/status', legacy: taskStatus }),
  serverNotification({
    method: 'notifications/tasks',
    modern: { params: ModernTaskStatusNotificationParamsSchema },
  }),
  serverNotification({
    method: 'notifications/subscriptions/acknowledged',
    modern: { params: SubscriptionsAcknowledgedNotificationParamsSchema },
  }),
] as const;
