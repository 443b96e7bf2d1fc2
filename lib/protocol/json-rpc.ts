import { isPlainObject } from './plain-object.js';
import { ErrorCode } from './error-codes.js';
import { McpError } from '../errors/mcp.error.js';
import { DEFAULT_MAX_JSON_DEPTH, exceedsJsonDepth, MAX_REQUEST_ID_LENGTH } from './json-depth.js';

import type { RequestId } from './schema/base.js';

/** A JSON-RPC request id: a string or an integer, never null (the protocol schema's type). */
export type { RequestId };

/** Request and notification params: MCP always uses a JSON object. */
export type JsonRpcParams = Record<string, unknown>;

/** A JSON-RPC request (expects a response). */
export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: RequestId;
  method: string;
  params?: JsonRpcParams;
}

/** A JSON-RPC notification (no id, no response). */
export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params?: JsonRpcParams;
}

/** A successful JSON-RPC response. */
export interface JsonRpcResultResponse {
  jsonrpc: '2.0';
  id: RequestId;
  result: Record<string, unknown>;
}

/** The `error` member of a JSON-RPC error response. */
export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** A JSON-RPC error response; `id` is absent or null only when the request id could not be read. */
export interface JsonRpcErrorResponse {
  jsonrpc: '2.0';
  id?: RequestId | null;
  error: JsonRpcErrorObject;
}

/** A response of either kind. */
export type JsonRpcResponse = JsonRpcResultResponse | JsonRpcErrorResponse;

/** Any JSON-RPC message. */
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

/** True for a request (has `method` and `id`). */
export function isJsonRpcRequest(m: JsonRpcMessage): m is JsonRpcRequest {
  return 'method' in m && 'id' in m;
}

/** True for a notification (has `method`, no `id`). */
export function isJsonRpcNotification(m: JsonRpcMessage): m is JsonRpcNotification {
  return 'method' in m && !('id' in m);
}

/** True for a response (result or error). */
export function isJsonRpcResponse(m: JsonRpcMessage): m is JsonRpcResponse {
  return !('method' in m);
}

/** True for an error response. */
export function isJsonRpcError(m: JsonRpcMessage): m is JsonRpcErrorResponse {
  return 'error' in m;
}

function isId(v: unknown): v is RequestId {
  return typeof v === 'string'
    ? v.length <= MAX_REQUEST_ID_LENGTH
    : typeof v === 'number' && Number.isInteger(v);
}

/**
 * Checks that a parsed JSON value is one JSON-RPC 2.0 message and returns it typed, before any
 * of it is processed: at most `maxDepth` levels of nesting (default
 * {@link DEFAULT_MAX_JSON_DEPTH}) and an id that is an integer or a string of at most
 * {@link MAX_REQUEST_ID_LENGTH} characters. Hand-written (no schema library) because it runs for
 * every message.
 * @throws McpError `-32600` with the request id in `data.id` when it could be read.
 */
export function toJsonRpcMessage(
  value: unknown,
  maxDepth: number = DEFAULT_MAX_JSON_DEPTH,
): JsonRpcMessage {
  if (!isPlainObject(value) || value.jsonrpc !== '2.0') {
    throw invalid('Not a JSON-RPC 2.0 message', value);
  }
  const hasId = 'id' in value;
  // `id: null` is only legal on an error response whose request id could not be read.
  if (hasId && !isId(value.id) && !(value.id === null && 'error' in value)) {
    throw invalid(
      `"id" must be an integer or a string of at most ${MAX_REQUEST_ID_LENGTH} characters`,
      value,
    );
  }
  if (exceedsJsonDepth(value, maxDepth)) {
    throw invalid(`The message nests deeper than ${maxDepth} levels`, value);
  }
  if (typeof value.method === 'string') {
    if (value.params !== undefined && !isPlainObject(value.params)) {
      throw invalid('"params" must be an object', value);
    }
    return value as unknown as JsonRpcMessage;
  }
  if ('method' in value) throw invalid('"method" must be a string', value);
  if ('result' in value) {
    if (!hasId) throw invalid('A response needs an "id"', value);
    if (!isPlainObject(value.result)) throw invalid('"result" must be an object', value);
    return value as unknown as JsonRpcMessage;
  }
  if (isPlainObject(value.error)) {
    const e = value.error;
    if (typeof e.code !== 'number' || typeof e.message !== 'string') {
      throw invalid('"error" needs a numeric "code" and a string "message"', value);
    }
    if (!hasId || value.id === null || isId(value.id)) return value as unknown as JsonRpcMessage;
  }
  throw invalid('Not a JSON-RPC request, notification or response', value);
}

function invalid(message: string, value: unknown): McpError {
  const id = isPlainObject(value) && isId(value.id) ? value.id : undefined;
  return new McpError(ErrorCode.InvalidRequest, message, id === undefined ? undefined : { id });
}

/** The id to answer an invalid message with, read from the error made by {@link toJsonRpcMessage}. */
export function idOfInvalidMessage(error: McpError): RequestId | null {
  const data = error.data as { id?: RequestId } | undefined;
  return data?.id ?? null;
}

/**
 * Parses message text into JSON.
 * @throws McpError `-32700 Parse error`.
 */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new McpError(ErrorCode.ParseError, `Parse error: ${(e as Error).message}`);
  }
}

/** Builds a result response. */
export function resultResponse(
  id: RequestId,
  result: Record<string, unknown>,
): JsonRpcResultResponse {
  return { jsonrpc: '2.0', id, result };
}

/** Builds an error response. */
export function errorResponse(
  id: RequestId | null,
  error: JsonRpcErrorObject,
): JsonRpcErrorResponse {
  return { jsonrpc: '2.0', id, error };
}
