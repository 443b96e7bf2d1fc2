import type { ServerResponse } from 'node:http';
import type { McpAuthRefusal } from './mcp-resource-server.js';

/** The HTTP reason phrase of each refusal status, as Nest's exceptions name them. */
const ERROR_NAMES: Record<McpAuthRefusal['status'], string> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  503: 'Service Unavailable',
};

/** The body of an endpoint auth refusal: Nest's HTTP exception shape. */
export interface AuthRefusalBody {
  statusCode: number;
  error: string;
  message: string;
}

/** The body `McpEndpointAuthGuard` answers a refused request with (through Nest's filters). */
export function authRefusalBody(refusal: McpAuthRefusal): AuthRefusalBody {
  return {
    statusCode: refusal.status,
    error: ERROR_NAMES[refusal.status],
    message: refusal.message,
  };
}

/**
 * Writes an endpoint auth refusal on a Node response as the guard's exception reaches the client
 * through Nest's default filter: the status, `WWW-Authenticate` (or `Retry-After`) and the JSON
 * body of {@link authRefusalBody}. Used where no Nest filter runs (the fast path).
 */
export function writeAuthRefusal(res: ServerResponse, refusal: McpAuthRefusal): void {
  if (res.headersSent || res.writableEnded) return;
  const payload = JSON.stringify(authRefusalBody(refusal));
  res.writeHead(refusal.status, {
    ...refusal.headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}
