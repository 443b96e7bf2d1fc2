import { ErrorCode } from '../../protocol/error-codes.js';
import {
  errorResponse,
  type JsonRpcErrorResponse,
  type JsonRpcRequest,
  type RequestId,
} from '../../protocol/json-rpc.js';
import type { McpServerPort } from '../server-port/mcp-server-port.interface.js';
import { HttpRefusal } from '../shared/http/http-refusal.js';

/**
 * The request-like object an in-memory message carries: what guards read through
 * `switchToHttp().getRequest()` and handlers through `ctx.transport.request` (a fresh one per
 * message).
 */
export interface InMemoryRequest {
  /** The client's headers, names lower-cased. */
  readonly headers: Record<string, string>;
  /** The client's `user`, or what an auth layer put there. */
  user?: unknown;
}

/**
 * What an in-memory client's messages go through before they reach the server, as an HTTP
 * request goes through the endpoint's auth (`createMcpTestClient` fills it from the module's
 * `auth` option): the session's principal, the request-like object each message carries, and the
 * check of each request.
 */
export interface InMemoryAdmission {
  /**
   * The principal the session is bound to (as over HTTP: counted against
   * `limits.maxSessionsPerPrincipal`, the target of a broadcast to that principal). Default none.
   */
  principal?: string;
  /** Completes each message's fresh request-like object (e.g. puts a verified token on it). */
  prepare?: (request: InMemoryRequest) => void;
  /**
   * Checks a request before it runs, as the Streamable HTTP transport's `authorizeRequests`: a
   * thrown `HttpRefusal` answers the request with its JSON-RPC error (see
   * {@link inMemoryRefusal}); it never reaches the server. When set, messages are checked and
   * delivered one at a time, in the order they were sent.
   */
  authorize?: (
    request: InMemoryRequest,
    requests: readonly JsonRpcRequest[],
  ) => void | Promise<void>;
}

/**
 * The answer to a request `authorize` refused: an `HttpRefusal` becomes the JSON-RPC error the
 * HTTP body would carry (same code, message and data), its `data` adding what the HTTP response
 * would have said around it: `status` (as a Nest `HttpException` from a guard maps to
 * `data.status`) and `headers` (e.g. `{ status: 403, headers: { 'www-authenticate': 'Bearer …,
 * error="insufficient_scope"' } }`). Anything else is a fault: reported, and answered `-32603`
 * with its correlation id.
 */
export function inMemoryRefusal(
  id: RequestId,
  error: unknown,
  server: Pick<McpServerPort, 'reportError' | 'reportClientError'>,
): JsonRpcErrorResponse {
  if (!(error instanceof HttpRefusal)) {
    const fault = server.reportError(error, 'in-memory request check failed');
    const internal = { code: ErrorCode.InternalError, message: 'Internal error' };
    return errorResponse(id, fault ? fault.toJson() : internal);
  }
  const { status, code, message, headers, data } = error;
  server.reportClientError?.(
    `in-memory ${status}`,
    () => `in-memory request refused with ${status}: ${message}`,
    'debug',
  );
  const body = typeof data === 'object' && data !== null ? data : {};
  return errorResponse(id, {
    code,
    message,
    data: { ...body, status, headers: headers ?? {} },
  });
}
