import type { RequestId } from '../protocol/json-rpc.js';

/**
 * Local failures of an outgoing request. They never come from the peer, so they are
 * distinct classes rather than JSON-RPC error codes (a peer's errors arrive as `McpError`).
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

/** The caller cancelled an outgoing request (its AbortSignal fired). */
export class RequestCancelledError extends Error {
  constructor(
    readonly method: string,
    readonly requestId: RequestId,
    readonly reason?: unknown,
  ) {
    super(
      `Request ${method} (id ${requestId}) was cancelled${reason ? `: ${String(reason)}` : ''}`,
    );
    this.name = 'RequestCancelledError';
  }
}

/** The connection closed before the request was answered. */
export class ConnectionClosedError extends Error {
  constructor(reason = 'Connection closed') {
    super(reason);
    this.name = 'ConnectionClosedError';
  }
}
