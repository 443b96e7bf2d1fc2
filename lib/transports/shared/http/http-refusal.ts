import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '../../../protocol/error-codes.js';
import {
  idOfInvalidMessage,
  toJsonRpcMessage,
  type JsonRpcMessage,
  type RequestId,
} from '../../../protocol/json-rpc.js';
import type { McpError } from '../../../errors/mcp.error.js';
import { isSupportedLegacyVersion } from '../../../protocol/versions.js';
import { writeJsonRpcError, writeJsonRpcErrors } from './http-response.js';
import { CapacityError } from '../../../errors/capacity.error.js';
import { checkOrigin, type HostOriginRefusal } from '../host-origin-guard.js';
import { logHostOriginRefusal } from '../host-origin-refusal-log.js';
import type { McpServerPort } from '../../server-port/mcp-server-port.interface.js';
import type { ResolvedHostOriginOptions } from '../host-origin.options.js';

/** A request refused before it reaches the engine: HTTP status + JSON-RPC error body. */
export class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly id: RequestId | null = null,
    readonly headers?: Record<string, string>,
    /** `error.data` of the body, when there is one. */
    readonly data?: unknown,
    /**
     * The request ids of a refused JSON-RPC batch: the body is then an array with this error for
     * each of them, so no request of the batch goes unanswered.
     */
    readonly batchIds?: readonly RequestId[],
  ) {
    super(message);
  }

  /**
   * When set, the answer is written at once but ends (and, with `Connection: close`, its
   * connection closes) only once this settles: a refused body is still being drained.
   */
  endAfter?: Promise<void>;
}

/** Makes the next `res.end(chunk)` write `chunk` now and end the response once `after` settles. */
function endOnceSettled(res: ServerResponse, after: Promise<void>): void {
  const end = res.end.bind(res);
  res.end = ((chunk?: unknown) => {
    if (chunk !== undefined && typeof chunk !== 'function') res.write(chunk as Buffer | string);
    void after.then(() => end());
    return res;
  }) as ServerResponse['end'];
}

/** A Host/Origin refusal (403), carrying what the refusal log names. */
export class HostOriginRefused extends HttpRefusal {
  constructor(readonly refusal: HostOriginRefusal) {
    super(403, ErrorCode.InvalidRequest, `Forbidden: ${refusal.reason}`);
  }
}

/** The `Retry-After` header of a capacity refusal. */
export function retryAfterHeader(error: CapacityError): Record<string, string> {
  return { 'retry-after': String(error.data.retryAfterSeconds) };
}

/**
 * A capacity refusal as HTTP: 503 (server-wide limit or shutdown) or 429 (per principal, address
 * or session), `Retry-After`, and the -32000 error with its `data` (and the request id, if any).
 */
export function capacityRefusal(
  error: CapacityError,
  id: RequestId | null = null,
  batchIds?: readonly RequestId[],
): HttpRefusal {
  const { httpStatus, code, message, data } = error;
  return new HttpRefusal(httpStatus, code, message, id, retryAfterHeader(error), data, batchIds);
}

/**
 * One JSON-RPC message of at most `maxDepth` levels, or 400 + `-32600` (with the request id when
 * it could be read).
 */
export function toMessageOrRefuse(item: unknown, maxDepth?: number): JsonRpcMessage {
  try {
    return toJsonRpcMessage(item, maxDepth);
  } catch (error) {
    const mcp = error as McpError;
    throw new HttpRefusal(400, mcp.code, mcp.message, idOfInvalidMessage(mcp));
  }
}

/** Origin/Host validation (403) alone. */
export function guardOrigin(req: IncomingMessage, origin: ResolvedHostOriginOptions): void {
  const refused = checkOrigin(req, origin);
  if (refused) throw new HostOriginRefused(refused);
}

/** Origin/Host validation (403) and the `MCP-Protocol-Version` check (400) every MCP HTTP request gets. */
export function guardRequest(req: IncomingMessage, origin: ResolvedHostOriginOptions): void {
  guardOrigin(req, origin);
  const version = req.headers['mcp-protocol-version'];
  if (typeof version === 'string' && !isSupportedLegacyVersion(version)) {
    throw new HttpRefusal(
      400,
      ErrorCode.InvalidRequest,
      `Unsupported MCP-Protocol-Version: ${version}`,
    );
  }
}

/** 415 unless the request declares a JSON body (or no Content-Type at all). */
export function requireJsonContentType(req: IncomingMessage): void {
  const contentType = req.headers['content-type'];
  // The exact type (what clients send) needs no scan; a parameter (`; charset=utf-8`) does.
  if (
    contentType !== undefined &&
    contentType !== 'application/json' &&
    !contentType.includes('application/json')
  ) {
    throw new HttpRefusal(415, ErrorCode.InvalidRequest, 'Content-Type must be application/json');
  }
}

/**
 * Answers a refusal with its status (a `CapacityError` with 503/429 and `Retry-After`) and logs it
 * as a client error (rate-limited, no stack: `warn` for capacity refusals, else `debug`; a
 * Host/Origin refusal at `warn` once per refused value with the option that allows it), or
 * anything else with 500 after reporting it as a fault (the answer carries its correlation id).
 */
export function writeRefusal(
  res: ServerResponse,
  error: unknown,
  server: Pick<McpServerPort, 'reportError' | 'reportClientError' | 'reportClientErrorOnce'>,
  context: string,
): void {
  const capacity = error instanceof CapacityError;
  if (error instanceof CapacityError) error = capacityRefusal(error);
  if (error instanceof HttpRefusal) {
    const { status, code, message, id, headers, data, batchIds } = error;
    if (error instanceof HostOriginRefused) logHostOriginRefusal(server, error.refusal, context);
    else
      server.reportClientError?.(
        capacity ? 'refused' : `http ${status}`,
        () => `${context} refused with ${status}: ${message}`,
        capacity ? 'warn' : 'debug',
      );
    if (error.endAfter) endOnceSettled(res, error.endAfter);
    if (batchIds) writeJsonRpcErrors(res, status, code, message, batchIds, headers, data);
    else writeJsonRpcError(res, status, code, message, id, headers, data);
    return;
  }
  const fault = server.reportError(error, `${context} failed`);
  writeJsonRpcError(
    res,
    500,
    ErrorCode.InternalError,
    fault ? fault.message : 'Internal error',
    null,
    undefined,
    fault?.data,
  );
}
