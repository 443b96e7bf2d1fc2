import type { McpTokenGrantContext } from './token-grant.interface.js';

/** Adds `resource` (RFC 8707) and the scope (the context's, else the grant's default) to a body. */
export function withResourceAndScope(
  params: Record<string, string>,
  context: Pick<McpTokenGrantContext, 'resource' | 'scope'>,
  defaultScope?: string,
): Record<string, string> {
  const scope = context.scope ?? defaultScope;
  return { ...params, resource: context.resource, ...(scope ? { scope } : {}) };
}
