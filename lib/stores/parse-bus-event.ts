import { LOGGING_LEVELS } from '../protocol/schema/logging.js';
import type { McpBusEvent } from './message-bus.interface.js';

const KINDS = new Set(['tools', 'prompts', 'resources']);
const LEVELS = new Set<unknown>(LOGGING_LEVELS);

type Fields = Record<string, unknown>;

const isString = (value: unknown): value is string => typeof value === 'string';
const isMessage = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && (value as Fields).jsonrpc === '2.0';

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A broadcast's audience: everyone, one principal's sessions, or one session. */
function isAudience(to: unknown): boolean {
  if (!isObject(to)) return false;
  if (to.kind === 'all') return true;
  if (to.kind === 'principal') return isString(to.principal);
  return to.kind === 'session' && isString(to.sessionId);
}

/** A broadcast's payload: a custom notification or a log message. */
function isBroadcastMessage(message: unknown): boolean {
  if (!isObject(message)) return false;
  if (message.kind === 'notification')
    return isString(message.method) && (message.params === undefined || isObject(message.params));
  return (
    message.kind === 'log' &&
    LEVELS.has(message.level) &&
    (message.logger === undefined || isString(message.logger))
  );
}

/** A server event's optional `id` (set on a shared bus) is a string. */
const hasEventId = (e: Fields): boolean => e.id === undefined || isString(e.id);

const CHECKS: Record<McpBusEvent['type'], (event: Fields) => boolean> = {
  'resource-updated': (e) => isString(e.uri) && hasEventId(e),
  'list-changed': (e) => KINDS.has(e.kind as string) && hasEventId(e),
  broadcast: (e) => isAudience(e.to) && isBroadcastMessage(e.message) && hasEventId(e),
  'instance-alive': (e) => isString(e.from),
  'session-updated': (e) =>
    isString(e.from) &&
    isString(e.sessionId) &&
    Array.isArray(e.subscriptions) &&
    e.subscriptions.every(isString) &&
    (e.logLevel === undefined || isString(e.logLevel)),
  'session-message': (e) => isString(e.from) && isString(e.sessionId) && isMessage(e.message),
  'client-message': (e) =>
    isString(e.from) &&
    isString(e.to) &&
    isString(e.sessionId) &&
    isMessage(e.message) &&
    (e.headers === undefined || (typeof e.headers === 'object' && e.headers !== null)),
  'task-control': (e) =>
    isString(e.from) &&
    isString(e.to) &&
    isString(e.taskId) &&
    (e.action === 'cancel' || (e.action === 'input' && isObject(e.responses))),
  'task-status': (e) => isString(e.from) && isString(e.taskId) && isObject(e.task),
  'session-ended': (e) => isString(e.from) && isString(e.sessionId),
  'client-cancel': (e) =>
    isString(e.from) &&
    isString(e.sessionId) &&
    isMessage(e.message) &&
    (e.message as Fields).method === 'notifications/cancelled',
  registration: (e) =>
    isString(e.from) &&
    isString(e.id) &&
    (e.factory === undefined ||
      (isString(e.factory) && isObject(e.params) && typeof e.at === 'number')),
};

/**
 * Decodes one bus message received from another process; undefined when it is not JSON or not
 * a well-formed {@link McpBusEvent} (a networked bus drops and logs those, never delivers them).
 */
export function parseBusEvent(text: string): McpBusEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const event = value as Fields;
  const check = Object.hasOwn(CHECKS, event.type as string)
    ? CHECKS[event.type as McpBusEvent['type']]
    : undefined;
  return check?.(event) ? (value as McpBusEvent) : undefined;
}
