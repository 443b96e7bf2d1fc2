import { ErrorCode } from '../../protocol/error-codes.js';
import {
  errorResponse,
  idOfInvalidMessage,
  parseJson,
  toJsonRpcMessage,
  type JsonRpcErrorResponse,
  type JsonRpcMessage,
  type RequestId,
} from '../../protocol/json-rpc.js';
import { McpError } from '../../errors/mcp.error.js';
import { encodeMessage, type EncodeFailureReport } from '../../protocol/encode-message.js';
import { toBuffer, type WebSocketData } from './websocket-protocol.js';

/** A received frame: one JSON-RPC message, or the error response it earns. */
export type DecodedFrame =
  { ok: true; message: JsonRpcMessage } | { ok: false; error: JsonRpcErrorResponse };

/** Message of the error answering a binary frame. */
export const BINARY_FRAME_MESSAGE =
  'Binary frames are not accepted: send each JSON-RPC message as one UTF-8 text frame';

/** Reads the id of a payload that is JSON but not acceptable, so its error can be correlated. */
function readableId(text: string): RequestId | null {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const id = (value as { id?: unknown }).id;
    return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : null;
  } catch {
    return null;
  }
}

function refusal(error: unknown, id: RequestId | null): DecodedFrame {
  const mcp = error instanceof McpError ? error : McpError.invalidRequest(String(error));
  // Code and message only, like the HTTP transport's refusals (no echo of the offending input).
  return { ok: false, error: errorResponse(id, { code: mcp.code, message: mcp.message }) };
}

/**
 * Decodes one received frame. A text frame must hold exactly one JSON-RPC message: invalid JSON
 * earns `-32700`, anything else that is not one message (a batch array, a wrong shape) `-32600`
 * with the request id when it could be read (also for nesting deeper than `maxDepth`). A binary frame earns `-32600`, with its id when
 * its bytes happen to be a JSON object, so the client's pending call fails at once.
 */
export function decodeFrame(
  data: WebSocketData,
  isBinary: boolean,
  maxDepth?: number,
): DecodedFrame {
  const text = toBuffer(data).toString('utf8');
  if (isBinary) {
    return refusal(new McpError(ErrorCode.InvalidRequest, BINARY_FRAME_MESSAGE), readableId(text));
  }
  let value: unknown;
  try {
    value = parseJson(text);
  } catch (error) {
    return refusal(error, null);
  }
  try {
    return { ok: true, message: toJsonRpcMessage(value, maxDepth) };
  } catch (error) {
    return refusal(error, error instanceof McpError ? idOfInvalidMessage(error) : null);
  }
}

/**
 * Encodes one message as the text of one frame; undefined when it cannot be encoded and is
 * dropped (see `encodeMessage`: a response becomes a `-32603` error for its id instead).
 */
export function encodeFrame(
  message: JsonRpcMessage,
  report: EncodeFailureReport,
): string | undefined {
  return encodeMessage(message, report);
}
