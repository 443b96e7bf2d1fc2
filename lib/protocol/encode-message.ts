import { ErrorCode } from './error-codes.js';
import {
  errorResponse,
  isJsonRpcResponse,
  type JsonRpcMessage,
  type RequestId,
} from './json-rpc.js';
import {
  encodeWithSharedMember,
  sharedMemberOf,
  sharedResultBytes,
  sharedResultText,
  spliceSharedMember,
  type SharedPart,
  type SplicedJson,
} from './shared-json.js';

/** Told once per message that could not be encoded (a cycle, a BigInt, nesting too deep). */
export type EncodeFailureReport = (error: unknown, message: JsonRpcMessage) => void;

/** Message of the error response sent in place of a response that could not be encoded. */
export const UNENCODABLE_RESPONSE_MESSAGE = 'Internal error: the response could not be encoded';

/** An encoded message: JSON text, or JSON around a cached page's bytes (see `SplicedJson`). */
export type EncodedJson = string | SplicedJson;

/**
 * Encodes one outgoing JSON-RPC message as JSON text: the one encode path of every transport,
 * so that no message can throw out of a writer (an RxJS subscriber would rethrow it
 * asynchronously and end the process). When `JSON.stringify` fails, `report` is told and a
 * response with an id becomes a `-32603` error response for that id (its request still gets an
 * answer); anything else (a notification, a request, an id-less error) is dropped: undefined.
 */
export function encodeMessage(
  message: JsonRpcMessage,
  report: EncodeFailureReport,
): string | undefined {
  return encode(message, report, (result, key, head) => {
    if (key === true) return `${head}${sharedResultText(result)}}`;
    return `${head}${encodeWithSharedMember(result, key)}}`;
  });
}

/**
 * {@link encodeMessage} for writers that send bytes (a JSON HTTP reply): a list result whose
 * page is cached comes back as `SplicedJson` (the page's UTF-8 bytes, encoded once, between the
 * envelope's head and tail), so a response neither builds nor converts the page's text. The bytes
 * written are the same as `encodeMessage`'s text.
 */
export function encodeMessageBytes(
  message: JsonRpcMessage,
  report: EncodeFailureReport,
): EncodedJson | undefined {
  return encode(message, report, (result, key, head): SplicedJson => {
    if (key === true) return { head, bytes: sharedResultBytes(result), tail: '}' };
    const spliced = spliceSharedMember(result, key);
    return { head: `${head}${spliced.head}`, bytes: spliced.bytes, tail: `${spliced.tail}}` };
  });
}

/** JSON text with its UTF-8 byte length, counted from its parts (see `encodeResultWithMembers`). */
export interface SizedJson {
  readonly text: string;
  readonly byteLength: number;
}

/** `{"jsonrpc":"2.0","id":` and `,"result":{`: the bytes of a result response's fixed text. */
const RESULT_HEAD_BYTES = '{"jsonrpc":"2.0","id":,"result":{'.length;

/**
 * The JSON text of a result response `{ jsonrpc, id, result }` whose result also carries
 * `members` (JSON object members, `"a":1,"b":2`, with their byte length) after its own members:
 * the text `encodeMessage` makes of the result with those members added last, the members not
 * encoded nor measured again per response, with its UTF-8 byte length. The length is added up
 * from the parts: the result's JSON is measured (which also flattens it, so taking its inner text
 * is a cheap slice), and the joined text is never measured, so it is flattened only once, where
 * it is written.
 * `result` must be a plain object (no `toJSON`). An unencodable result is reported and answered
 * as {@link encodeMessage} answers it (a `-32603` error for `id`).
 */
export function encodeResultWithMembers(
  id: RequestId,
  result: Record<string, unknown>,
  members: SizedJson,
  report: EncodeFailureReport,
): SizedJson {
  let text: string;
  try {
    text = JSON.stringify(result);
  } catch {
    const error = encodeMessage({ jsonrpc: '2.0', id, result }, report)!;
    return { text: error, byteLength: Buffer.byteLength(error) };
  }
  // A number id (an integer: `toJsonRpcMessage` accepts no other) is written by `String`, the
  // same text as `JSON.stringify` makes of it (ASCII: its length is its byte length), without a
  // second `JSON.stringify` call.
  const numeric = typeof id === 'number';
  const idJson = numeric ? String(id) : JSON.stringify(id);
  const idBytes = numeric ? idJson.length : Buffer.byteLength(idJson);
  // Own members and a comma, when there are any: the result's text without its braces.
  const ownBytes = text.length === 2 ? 0 : Buffer.byteLength(text) - 1;
  const own = ownBytes === 0 ? '' : `${text.slice(1, -1)},`;
  return {
    text: `{"jsonrpc":"2.0","id":${idJson},"result":{${own}${members.text}}}`,
    byteLength: RESULT_HEAD_BYTES + idBytes + ownBytes + members.byteLength + 2,
  };
}

function encode<T>(
  message: JsonRpcMessage,
  report: EncodeFailureReport,
  splice: (result: Record<string, unknown>, key: SharedPart, head: string) => T,
): T | string | undefined {
  try {
    const result = (message as { result?: unknown }).result;
    const shared = sharedMemberOf(result);
    if (shared === undefined) return JSON.stringify(message);
    // A list result whose page is cached, or a result shared whole (`initialize`): their JSON is
    // encoded once (lib/protocol/shared-json.ts).
    const { id } = message as { id: unknown };
    const head = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`;
    return splice(result as Record<string, unknown>, shared, head);
  } catch (error) {
    report(error, message);
    if (!isJsonRpcResponse(message) || message.id === undefined || message.id === null) {
      return undefined;
    }
    return JSON.stringify(
      errorResponse(message.id, {
        code: ErrorCode.InternalError,
        message: UNENCODABLE_RESPONSE_MESSAGE,
      }),
    );
  }
}
