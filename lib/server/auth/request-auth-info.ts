import type { McpAuthInfo } from './mcp-auth-info.interface.js';

/** The Node request under a framework's request (Fastify's `raw`), or the request itself. */
export function nodeRequestOf(request: object): object {
  const raw = (request as { raw?: unknown }).raw;
  return typeof raw === 'object' && raw !== null ? raw : request;
}

/** What the bearer check recorded on an HTTP request (`req.auth`), if it verified one. */
export function authInfoOfRequest(request: unknown): McpAuthInfo | undefined {
  if (typeof request !== 'object' || request === null) return undefined;
  return (nodeRequestOf(request) as { auth?: McpAuthInfo }).auth;
}
