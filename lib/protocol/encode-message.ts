import { ErrorCode } from './error-codes.js';
import { errorResponse, isJsonRpcResponse, type JsonRpcMessage } from './json-rpc.js';
import { encodeWithSharedMember, sharedMemberOf } from './shared-json.js';

/** Told once per message that could not be encoded (a cycle, a BigInt, nesting too deep). */
export type EncodeFailureReport = (error: unknown, message: JsonRpcMessage) => void;

/** Message of the error response sent in place of a response that could not be encoded. */
export const UNENCODABLE_RESPONSE_MESSAGE = 'Internal error: the response could not be encoded';

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
  try {
    const result = (message as { result?: unknown }).result;
    const shared = sharedMemberOf(result);
    if (shared === undefined) return JSON.stringify(message);
    // A list result whose page is cached: its JSON text is encoded once (lib/protocol/shared-json.ts).
    const { id } = message as { id: unknown };
    const body = encodeWithSharedMember(result as Record<string, unknown>, shared);
    return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${body}}`;
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
