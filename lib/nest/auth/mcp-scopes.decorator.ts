import { SetMetadata } from '@nestjs/common';

/** Metadata key of {@link McpScopes}. */
export const MCP_SCOPES_METADATA = 'mcp:scopes';

/**
 * The OAuth scopes a tool, prompt or resource needs (all of them), on a method or on its class
 * (both apply). With the module's `auth` option a call without them gets HTTP 403
 * `insufficient_scope` naming the scopes to ask for, and with `hideDeniedFromLists` the primitive
 * is left out of that caller's lists.
 * @example
 * ```ts
 * @McpScopes('notes:write')
 * @Tool({ description: 'Adds a note' })
 * add_note() {}
 * ```
 */
export const McpScopes = (...scopes: string[]) => SetMetadata(MCP_SCOPES_METADATA, scopes);

/** The scopes `@McpScopes()` puts on a method and its class. */
export function scopesOfHandler(target: object, method: object): string[] {
  const own = (Reflect.getMetadata(MCP_SCOPES_METADATA, method) as string[] | undefined) ?? [];
  const onClass = (Reflect.getMetadata(MCP_SCOPES_METADATA, target) as string[] | undefined) ?? [];
  return [...new Set([...onClass, ...own])];
}
