import { McpContext } from '../../server/context/mcp-context.js';
import type { McpAuthInfo } from '../../server/auth/mcp-auth-info.interface.js';

/** A request the bearer guard verified: `auth` and (unless another layer set it) `user`. */
export interface McpAuthenticatedRequest {
  auth?: McpAuthInfo;
  user?: unknown;
}

/** The Node request under a framework's request (Fastify's `raw`), or the request itself. */
function nodeRequestOf(request: object): object {
  const raw = (request as { raw?: unknown }).raw;
  return typeof raw === 'object' && raw !== null ? raw : request;
}

/**
 * What a verified token says about the caller, if the bearer guard verified the request: from
 * the HTTP request (`@McpRequest()`, `switchToHttp().getRequest()`) or from a handler's
 * `McpContext` (`authOf(ctx)`).
 */
export function authOf(requestOrContext: unknown): McpAuthInfo | undefined {
  const request =
    requestOrContext instanceof McpContext ? requestOrContext.transport.request : requestOrContext;
  if (typeof request !== 'object' || request === null) return undefined;
  return (nodeRequestOf(request) as McpAuthenticatedRequest).auth;
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
