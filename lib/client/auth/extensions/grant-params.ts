import type { TokenRequest } from '../discovery/token-endpoint.js';
import type { TokenClient } from './token-client.js';
import type { McpTokenGrantContext } from './token-grant.interface.js';

/**
 * A token request to the context's authorization server: the grant's parameters plus `resource`
 * (RFC 8707) and the scope (the context's, else the grant's default), as `client`.
 */
export function grantRequest(
  context: McpTokenGrantContext,
  client: TokenClient,
  params: Record<string, string>,
  defaultScope?: string,
): TokenRequest {
  return {
    tokenEndpoint: context.tokenEndpoint,
    issuer: context.authorizationServer.issuer,
    params: withResourceAndScope(params, context, defaultScope),
    ...client,
  };
}

/** Adds `resource` and the scope (the context's, else `defaultScope`) to a body. */
export function withResourceAndScope(
  params: Record<string, string>,
  context: Pick<McpTokenGrantContext, 'resource' | 'scope'>,
  defaultScope?: string,
): Record<string, string> {
  const scope = context.scope ?? defaultScope;
  return { ...params, resource: context.resource, ...(scope ? { scope } : {}) };
}
