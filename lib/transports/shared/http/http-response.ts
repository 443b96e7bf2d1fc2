import type { ServerResponse } from 'node:http';
import type { EncodedJson, SizedJson } from '../../../protocol/encode-message.js';
import type { RequestId } from '../../../protocol/json-rpc.js';
import { splicedByteLength } from '../../../protocol/shared-json.js';

/**
 * No extra response headers: shared by every reply that has none (most POSTs), so none makes an
 * empty object per request, and {@link writeJsonText} writes its two headers without a spread.
 */
export const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/** Writes a JSON body with a status (no-op when the response already started). */
export function writeJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = NO_HEADERS,
): void {
  writeJsonText(res, status, JSON.stringify(body), headers);
}

/**
 * Writes JSON already encoded (by `encodeMessage` or `encodeMessageBytes`) with a status (no-op
 * when started). Spliced JSON goes out as its head, the cached page bytes and its tail in one
 * corked write: the page is neither copied nor converted to UTF-8 again.
 */
export function writeJsonText(
  res: ServerResponse,
  status: number,
  payload: EncodedJson,
  headers: Readonly<Record<string, string>> = NO_HEADERS,
): void {
  if (res.headersSent || res.writableEnded) return;
  const spliced = typeof payload === 'string' ? undefined : payload;
  const length = spliced ? splicedByteLength(spliced) : Buffer.byteLength(payload as string);
  res.writeHead(
    status,
    headers === NO_HEADERS
      ? { 'content-type': 'application/json', 'content-length': length }
      : jsonHead(headers, length),
  );
  if (!spliced) {
    res.end(payload, encodingOf(payload as string, length));
    return;
  }
  res.cork(); // end() uncorks: head, bytes and tail leave in one writev
  res.write(spliced.head);
  res.write(spliced.bytes);
  res.end(spliced.tail);
}

/**
 * The headers of a JSON reply with extra ones (an `initialize` reply's `Mcp-Session-Id`): the
 * extras first, then the body's type and length, which no extra replaces. Added by name to an
 * empty object, whose shape then follows one cached transition path per set of extra names; a
 * spread of the extras into a literal missed the inline cache of the two members after it on
 * every reply and went to V8's runtime (about 8k instructions an `initialize`).
 */
function jsonHead(
  extra: Readonly<Record<string, string>>,
  length: number,
): Record<string, string | number> {
  const head: Record<string, string | number> = {};
  for (const name in extra) head[name] = extra[name]!;
  head['content-type'] = 'application/json';
  head['content-length'] = length;
  return head;
}

/**
 * How to write a text of `byteLength` UTF-8 bytes: `latin1` when it is ASCII (as many bytes as
 * characters, the same bytes in both encodings), which Node writes without encoding it and for
 * which it reserves one byte a character when it joins the head and the body in one `writev`
 * (three for `utf8`: a 2026-07-28 reply then took a costlier allocation than a 2025 one).
 */
function encodingOf(text: string, byteLength: number): BufferEncoding {
  return byteLength === text.length ? 'latin1' : 'utf8';
}

/**
 * Writes JSON text whose UTF-8 byte length is known (see `encodeResultWithMembers`) with a
 * status (no-op when started): the text is not measured again.
 */
export function writeSizedJson(res: ServerResponse, status: number, json: SizedJson): void {
  if (res.headersSent || res.writableEnded) return;
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': json.byteLength });
  res.end(json.text, encodingOf(json.text, json.byteLength));
}

/** Answers with a JSON-RPC error object as the body (id null unless it could be read). */
export function writeJsonRpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  id: RequestId | null = null,
  headers?: Record<string, string>,
  data?: unknown,
): void {
  const error = data === undefined ? { code, message } : { code, message, data };
  writeJson(res, status, { jsonrpc: '2.0', id, error }, headers);
}

/** Answers a refused JSON-RPC batch: an array with the same error for each request id. */
export function writeJsonRpcErrors(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  ids: readonly RequestId[],
  headers?: Record<string, string>,
  data?: unknown,
): void {
  const error = data === undefined ? { code, message } : { code, message, data };
  writeJson(
    res,
    status,
    ids.map((id) => ({ jsonrpc: '2.0', id, error })),
    headers,
  );
}

/** The headers of an empty body: a length of 0, so Node does not send it chunked. */
const EMPTY_BODY: Readonly<Record<string, string>> = Object.freeze({ 'content-length': '0' });

/**
 * Answers with an empty body (200 or 202: statuses that may carry a length), announced as
 * `Content-Length: 0`: without it Node sends the reply chunked, a header and a terminating chunk
 * the client must parse, on every `notifications/initialized` and `DELETE` of a handshake.
 */
export function writeEmpty(
  res: ServerResponse,
  status: number,
  headers: Record<string, string> = EMPTY_BODY,
): void {
  if (res.headersSent || res.writableEnded) return;
  res.writeHead(status, headers === EMPTY_BODY ? EMPTY_BODY : { ...headers, ...EMPTY_BODY });
  res.end();
}
