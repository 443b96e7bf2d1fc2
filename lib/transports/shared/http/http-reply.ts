import { TransportError } from '../../../errors/transport.error.js';
import {
  isJsonRpcError,
  parseJson,
  toJsonRpcMessage,
  type JsonRpcMessage,
  type RequestId,
} from '../../../protocol/json-rpc.js';
import { McpError } from '../../../errors/mcp.error.js';
import type { HttpReplyLike } from './http-reply-like.js';

/** Bytes of an error body read to find its JSON-RPC error message. */
const ERROR_BODY_LIMIT = 64 * 1024;

/** The media type of a response, lower-cased, without parameters (`''` when absent). */
export function mediaTypeOf(response: HttpReplyLike): string {
  const header = response.headers.get('content-type') ?? '';
  return header.split(';', 1)[0]!.trim().toLowerCase();
}

/**
 * Reads a body as text, refusing more than `limit` bytes.
 * @throws TransportError `protocol` when the body is larger.
 */
export async function readTextLimited(response: HttpReplyLike, limit: number): Promise<string> {
  if (!response.body) return '';
  const chunks = response.body[Symbol.asyncIterator]();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await chunks.next();
    if (done) return text + decoder.decode();
    bytes += value.byteLength;
    if (bytes > limit) {
      await chunks.return?.()?.catch(() => undefined);
      throw new TransportError(`Reply larger than ${limit} bytes`, 'protocol', response.status);
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** Drops a body we do not need (frees the connection). */
export async function discardBody(response: HttpReplyLike): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

/**
 * Parses a JSON-RPC payload: one message or a batch array.
 * @throws McpError `-32700` for invalid JSON, `-32600` for something that is not JSON-RPC.
 */
export function parseJsonRpcPayload(text: string): JsonRpcMessage[] {
  const value = parseJson(text);
  const items = Array.isArray(value) ? value : [value];
  if (items.length === 0) throw McpError.invalidRequest('Empty JSON-RPC batch');
  return items.map((item) => toJsonRpcMessage(item));
}

/**
 * Parses the JSON-RPC messages of a reply body or SSE event.
 * @throws TransportError `protocol` (its cause the McpError) when they are not JSON-RPC.
 */
export function parseReply(text: string, what: string): JsonRpcMessage[] {
  try {
    return parseJsonRpcPayload(text);
  } catch (error) {
    const reason = (error as Error).message;
    throw new TransportError(`${what}: not JSON-RPC (${reason})`, 'protocol', undefined, {
      cause: error,
    });
  }
}

/** Shortens a body for an error message. */
function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}

/**
 * Turns a non-2xx response into a TransportError `http` carrying its status, with the JSON-RPC
 * error message of the body when there is one (the McpError, with its `data`, is the `cause`).
 * Consumes the body.
 */
export async function httpError(response: HttpReplyLike, what: string): Promise<TransportError> {
  return errorFromBody(response, await readErrorBody(response), what);
}

/**
 * A non-2xx reply of a 2026-07-28 request: the JSON-RPC error response it carries when that
 * answers request `id` (a modern server answers -32020/-32022/... with 400 and -32601 with 404),
 * otherwise the TransportError `http` of {@link httpError}. Consumes the body.
 */
export async function httpErrorReply(
  response: HttpReplyLike,
  what: string,
  id: RequestId,
): Promise<JsonRpcMessage | TransportError> {
  const text = await readErrorBody(response);
  try {
    const [message] = parseJsonRpcPayload(text);
    if (message && isJsonRpcError(message) && message.id === id) return message;
  } catch {
    // not JSON-RPC: report the status
  }
  return errorFromBody(response, text, what);
}

async function readErrorBody(response: HttpReplyLike): Promise<string> {
  try {
    return await readTextLimited(response, ERROR_BODY_LIMIT);
  } catch {
    return ''; // an unreadable or huge error body: the status alone tells the story
  }
}

function errorFromBody(response: HttpReplyLike, text: string, what: string): TransportError {
  let detail = response.statusText || 'request failed';
  let cause: McpError | undefined;
  try {
    const body = parseJson(text) as {
      error?: { code?: unknown; message?: unknown; data?: unknown };
    };
    const error = body?.error;
    if (error && typeof error.message === 'string') {
      detail = error.message;
      if (typeof error.code === 'number')
        cause = new McpError(error.code, error.message, error.data);
    }
  } catch {
    if (text.trim() !== '') detail = excerpt(text);
  }
  return new TransportError(
    `${what} failed with HTTP ${response.status}: ${detail}`,
    'http',
    response.status,
    cause ? { cause } : undefined,
  );
}

/** Network codes meaning nothing listens there (or the name does not resolve). */
const REFUSED_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function codeOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Maps a rejected `fetch` of `url` to a TransportError naming the URL: `refused` when the server
 * could not be reached (`Cannot connect to http://…: ECONNREFUSED (POST initialize)`), `closed`
 * for a connection lost on the way. TransportErrors pass through.
 */
export function fetchFailure(error: unknown, what: string, url: URL): TransportError {
  if (error instanceof TransportError) return error;
  const code = codeOf(error);
  if (code && REFUSED_CODES.has(code)) {
    return new TransportError(
      `Cannot connect to ${url.href}: ${code} (${what})`,
      'refused',
      undefined,
      {
        cause: error,
      },
    );
  }
  const reason = code ?? (error instanceof Error ? error.message : String(error));
  return new TransportError(
    `${what} to ${url.href}: connection failed (${reason})`,
    'closed',
    undefined,
    { cause: error },
  );
}
