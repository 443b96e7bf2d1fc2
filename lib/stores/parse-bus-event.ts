import type { McpBusEvent } from './message-bus.interface.js';

const KINDS = new Set(['tools', 'prompts', 'resources']);

type Fields = Record<string, unknown>;

const isString = (value: unknown): value is string => typeof value === 'string';
const isMessage = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && (value as Fields).jsonrpc === '2.0';

const CHECKS: Record<McpBusEvent['type'], (event: Fields) => boolean> = {
  'resource-updated': (e) => isString(e.uri),
  'list-changed': (e) => KINDS.has(e.kind as string),
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
