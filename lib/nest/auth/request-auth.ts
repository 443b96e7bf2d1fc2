import { McpContext } from '../../server/context/mcp-context.js';
import type { McpAuthInfo } from '../../server/auth/mcp-auth-info.interface.js';
import { authInfoOfRequest, nodeRequestOf } from '../../server/auth/request-auth-info.js';

/** A request the bearer guard verified: `auth` and (unless another layer set it) `user`. */
export interface McpAuthenticatedRequest {
  auth?: McpAuthInfo;
  user?: unknown;
}

/**
 * What a verified token says about the caller, if the bearer guard verified the request: from
 * the HTTP request (`@McpRequest()`, `switchToHttp().getRequest()`) or from a handler's
 * `McpContext` (`authOf(ctx)`).
 */
export function authOf(requestOrContext: unknown): McpAuthInfo | undefined {
  const request =
    requestOrContext instanceof McpContext ? requestOrContext.transport.request : requestOrContext;
  return authInfoOfRequest(request);
}

/**
 * Records a verified token on the request and its Node request: `auth`, and `user` =
 * `{ sub, clientId, scopes }` when no other auth layer set one (the session binds to `sub:…`,
 * which a step-up to more scopes keeps).
 */
export function setAuth(request: object, info: McpAuthInfo): void {
  const user = {
    sub: info.subject ?? (info.clientId !== undefined ? `client:${info.clientId}` : 'anonymous'),
    ...(info.clientId !== undefined && { clientId: info.clientId }),
    scopes: info.scopes,
  };
  for (const target of new Set([request, nodeRequestOf(request)]) as Set<McpAuthenticatedRequest>) {
    target.auth = info;
    target.user ??= user;
  }
}
