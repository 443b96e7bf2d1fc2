import type { z } from 'zod';
import { TransportError } from '../errors/transport.error.js';
import type { JsonRpcNotification } from '../protocol/json-rpc.js';
import {
  isServerNotificationMethod,
  ServerNotificationParamsSchemas,
} from '../protocol/schema/index.js';

/** The first few zod issues as one line: `content.0.text: expected string; ...`. */
export function describeIssues(error: z.ZodError): string {
  const shown = error.issues.slice(0, 3).map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = error.issues.length - shown.length;
  return more > 0 ? `${shown.join('; ')} (and ${more} more)` : shown.join('; ');
}

/**
 * Checks a server's result against the schema of its method and returns it unchanged. A result
 * that does not match rejects with a `TransportError` of kind `'protocol'` (the server broke the
 * protocol), so typed code never receives a value its type does not describe.
 */
export function checkResult<T>(method: string, schema: z.ZodType<T>, result: unknown): T {
  const checked = schema.safeParse(result);
  if (checked.success) return result as T;
  throw new TransportError(
    `The server's ${method} result does not match the protocol: ${describeIssues(checked.error)}`,
    'protocol',
    undefined,
    { cause: checked.error },
  );
}

/**
 * The problem with a server notification whose params do not match its method's schema (for
 * `errors$`), or `undefined` when they match or the method is not a known server notification.
 */
export function notificationProblem(notification: JsonRpcNotification): TransportError | undefined {
  const { method } = notification;
  if (!isServerNotificationMethod(method)) return undefined;
  const checked = ServerNotificationParamsSchemas[method].safeParse(notification.params);
  if (checked.success) return undefined;
  return new TransportError(
    `Ignored a ${method} notification that does not match the protocol: ${describeIssues(checked.error)}`,
    'protocol',
    undefined,
    { cause: checked.error },
  );
}
