import type { CustomMethodOptions } from '../../server/hooks/custom-methods.js';
import { MCP_CUSTOM_METHOD_METADATA, MCP_HOOK_METADATA } from '../mcp.constants.js';

/** Options of `@McpMethod()`: a params schema (invalid params -> -32602). */
export type McpMethodOptions = Omit<CustomMethodOptions, 'origin'>;

/** Which lifecycle event a hook method listens to (and, for notifications, which method). */
export type McpHookMetadata =
  { event: 'initialized' } | { event: 'notification'; method?: string } | { event: 'sessionEnded' };

/**
 * Serves a custom, vendor-prefixed request method (`acme/ping`) with this provider method, in
 * both eras, through Nest's guards, interceptors, pipes and filters like `@Tool`. Receives
 * `(params, ctx)` and returns the result object. A name without a vendor prefix, in a namespace
 * of the MCP specification, or used twice fails the bootstrap naming `Class#method`.
 * @example
 * ```ts
 * @McpMethod('acme/ping', { params: { echo: z.string().optional() } })
 * ping({ echo }: { echo?: string }) { return { pong: echo ?? true }; }
 * ```
 */
export const McpMethod =
  (method: string, options: McpMethodOptions = {}): MethodDecorator =>
  (target, propertyKey, descriptor) => {
    const value = descriptor.value as object;
    if (Reflect.hasOwnMetadata(MCP_CUSTOM_METHOD_METADATA, value)) {
      const owner = (target as { constructor: { name: string } }).constructor.name;
      throw new Error(`${owner}#${String(propertyKey)}: @McpMethod is applied twice`);
    }
    Reflect.defineMetadata(MCP_CUSTOM_METHOD_METADATA, { method, options }, value);
    return descriptor;
  };

function hook(metadata: McpHookMetadata): MethodDecorator {
  return (_target, _key, descriptor) => {
    const value = descriptor.value as object;
    const existing = (Reflect.getOwnMetadata(MCP_HOOK_METADATA, value) ?? []) as McpHookMetadata[];
    Reflect.defineMetadata(MCP_HOOK_METADATA, [...existing, metadata], value);
    return descriptor;
  };
}

/**
 * Calls this provider method with an `McpClientInitializedEvent` when a 2025-era client finished
 * its handshake (`notifications/initialized`): client info, capabilities, protocol version,
 * session id, principal and state. The provider must be a singleton.
 */
export const OnMcpClientInitialized = (): MethodDecorator => hook({ event: 'initialized' });

/**
 * Calls this provider method with an `McpClientNotificationHookEvent` for every notification a
 * client sends on a session, or only for `method` when given (`'notifications/roots/list_changed'`,
 * `'acme/heartbeat'`).
 */
export const OnMcpNotification = (method?: string): MethodDecorator =>
  hook(method === undefined ? { event: 'notification' } : { event: 'notification', method });

/**
 * Calls this provider method with an `McpSessionEndedEvent` when an initialized 2025-era session
 * ends: `cause` is `'deleted'` (HTTP DELETE), `'expired'`, `'disconnected'`, `'shutdown'` or
 * `'closed'`.
 */
export const OnMcpSessionEnded = (): MethodDecorator => hook({ event: 'sessionEnded' });
