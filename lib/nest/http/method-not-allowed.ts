import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '../../protocol/error-codes.js';
import { writeJsonRpcError } from '../../transports/shared/http/http-response.js';

/**
 * Answers a method the Streamable HTTP endpoint does not serve (PUT, PATCH, OPTIONS, ...): 405
 * with `Allow` and a JSON-RPC error body, not the framework's 404. The body is left unread.
 */
export function refuseMethod(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  writeJsonRpcError(res, 405, ErrorCode.InvalidRequest, 'Method not allowed', null, {
    allow: 'GET, POST, DELETE',
  });
}
