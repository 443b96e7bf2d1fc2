import { z } from 'zod';
import { findMethod } from '../protocol/methods/method-table.js';
import type { McpClientEra } from './era/negotiated-server.js';
import type { McpCallOptions } from './mcp-client-options.interface.js';

/** Any JSON-RPC result object: what a request without a schema of its own is checked against. */
export const AnyResultSchema = z.record(z.string(), z.unknown());

/** Per-call options of a request by name, with the schema its result is checked against. */
export interface McpRequestOptions<T> extends McpCallOptions {
  /**
   * Checks (and types) the result: a result that does not match rejects with a `TransportError`
   * of kind `'protocol'`. Default: any object.
   */
  schema?: z.ZodType<T> | undefined;
}

/**
 * Why `method` may not be sent as a client notification in `era`, or undefined when it may: the
 * spec's notifications exist in their eras only (no `notifications/initialized` in the stateless
 * 2026-07-28 era); a method the spec does not name (a vendor's) is the server's business.
 */
export function notificationRefusal(method: string, era: McpClientEra): string | undefined {
  const spec = findMethod('client', 'notification', method);
  if (!spec || spec[era]) return undefined;
  return `${method} does not exist in the ${era === 'modern' ? '2026-07-28' : 'legacy'} era`;
}
