import type { RequestId } from '../protocol/json-rpc.js';

/** The caller cancelled an outgoing request (its AbortSignal fired). */
export class RequestCancelledError extends Error {
  constructor(
    /** Method of the cancelled request. */
    readonly method: string,
    /** Id the request was sent with. */
    readonly requestId: RequestId,
    /** The abort reason, when one was given. */
    readonly reason?: unknown,
  ) {
    super(
      `Request ${method} (id ${requestId}) was cancelled${reason ? `: ${String(reason)}` : ''}`,
    );
    this.name = 'RequestCancelledError';
  }
}
