import type { RequestId } from '../protocol/json-rpc.js';

/**
 * An outgoing request got no answer in time. Local failures like this never come from the peer,
 * so they are classes of their own rather than JSON-RPC error codes (a peer's errors arrive as
 * `McpError`).
 */
export class RequestTimeoutError extends Error {
  constructor(
    /** Method of the request that timed out. */
    readonly method: string,
    /** Id the request was sent with. */
    readonly requestId: RequestId,
    /** The timeout that elapsed, in milliseconds. */
    readonly timeoutMs: number,
  ) {
    super(`Request ${method} (id ${requestId}) timed out after ${timeoutMs} ms`);
    this.name = 'RequestTimeoutError';
  }
}
