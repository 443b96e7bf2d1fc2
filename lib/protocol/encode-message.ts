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

/**
 * The JSON text of a result response `{ jsonrpc, id, result }` whose result also carries
 * `membersJson` (JSON object members, `"a":1,"b":2`) after its own members: the text
 * `encodeMessage` makes of the result with those members added last, the members not encoded
 * again per response. `result` must be a plain object (no `toJSON`). An unencodable result is
 * reported and answered as {@link encodeMessage} answers it (a `-32603` error for `id`).
 */
export function encodeResultWithMembers(
  id: RequestId,
  result: Record<string, unknown>,
  membersJson: string,
  report: EncodeFailureReport,
): string {
  let text: string;
  try {
    text = JSON.stringify(result);
  } catch {
    return encodeMessage({ jsonrpc: '2.0', id, result }, report)!;
  }
  const own = text.length === 2 ? '' : `${text.slice(1, -1)},`;
  // A number id (an integer: `toJsonRpcMessage` accepts no other) is written by `String`, the
  // same text as `JSON.stringify` makes of it, without a second `JSON.stringify` call.
  const idJson = typeof id === 'number' ? String(id) : JSON.stringify(id);
  return `{"jsonrpc":"2.0","id":${idJson},"result":{${own}${membersJson}}}`;
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
