import { LoggingLevelSchema } from '../../protocol/schema/logging.js';
import type { LoggingLevel } from '../../protocol/schema/index.js';
import type {
  McpBroadcastAudience,
  McpBroadcastMessage,
} from '../../stores/message-bus.interface.js';
import { assertCustomMethodName } from '../../protocol/methods/custom-method-name.js';

/**
 * Who a broadcast goes to: `'all'` (every 2025-era session, default), `{ principal }` (every
 * session opened by that principal), `{ sessionId }` (one session). Across instances when the
 * message bus is shared.
 */
export type McpBroadcastTarget = 'all' | { principal: string } | { sessionId: string };

/** Options of `McpServer.sendLog()`. */
export interface McpBroadcastLogOptions {
  /** The `logger` field of `notifications/message`. */
  logger?: string;
  /** Who gets it; default `'all'`. */
  to?: McpBroadcastTarget;
}

/** The bus form of a target (plain JSON, so a Redis bus can carry it). */
export function toAudience(to: McpBroadcastTarget = 'all'): McpBroadcastAudience {
  if (to === 'all') return { kind: 'all' };
  if ('sessionId' in to && typeof to.sessionId === 'string') {
    return { kind: 'session', sessionId: to.sessionId };
  }
  if ('principal' in to && typeof to.principal === 'string') {
    return { kind: 'principal', principal: to.principal };
  }
  throw new TypeError(`Broadcast target must be 'all', { sessionId } or { principal }`);
}

/**
 * A custom notification as broadcast: its method vendor-prefixed like a custom request method
 * (`acme/alert`; spec notifications have their own API: `notifyListChanged`,
 * `notifyResourceUpdated`, `sendLog`), its params a JSON object.
 * @throws Error naming the method when it is not vendor-prefixed or the params are not an object.
 */
export function customNotification(
  method: string,
  params: Record<string, unknown> | undefined,
): McpBroadcastMessage {
  assertCustomMethodName(method, 'McpServer.sendNotification');
  if (
    params !== undefined &&
    (typeof params !== 'object' || params === null || Array.isArray(params))
  ) {
    throw new TypeError(`McpServer.sendNotification: params of "${method}" must be an object`);
  }
  return { kind: 'notification', method, ...(params !== undefined && { params }) };
}

/** A log message as broadcast; the level is checked. */
export function logMessage(
  level: LoggingLevel,
  data: unknown,
  logger?: string,
): McpBroadcastMessage {
  if (!LoggingLevelSchema.safeParse(level).success) {
    throw new TypeError(`McpServer.sendLog: unknown level "${String(level)}"`);
  }
  return { kind: 'log', level, data, ...(logger !== undefined && { logger }) };
}
