import { McpError } from './mcp.error.js';

/** JSON-RPC code of a {@link ClientDidNotAnswerError} (implementation-defined server-error range). */
export const CLIENT_DID_NOT_ANSWER_ERROR_CODE = -32003 as const;

/** `error.data` of a {@link ClientDidNotAnswerError}. */
export interface ClientDidNotAnswerData {
  /** The server-to-client request that went unanswered (`elicitation/create`, ...). */
  method: string;
  /** How long the server waited, in ms (`requestTimeoutMs` or the call's `timeoutMs`). */
  timeoutMs: number;
}

/**
 * A server-to-client request (`ctx.elicit()`, `ctx.sample()`, `ctx.listRoots()`) got no answer
 * within its timeout: the fault is the client's, so the call ends with this error (code -32003,
 * `data: { method, timeoutMs }`) instead of a -32603 server fault, logged at warn without a stack.
 */
export class ClientDidNotAnswerError extends McpError {
  declare readonly data: ClientDidNotAnswerData;

  constructor(method: string, timeoutMs: number) {
    super(
      CLIENT_DID_NOT_ANSWER_ERROR_CODE,
      `The client did not answer ${method} within ${timeoutMs} ms`,
      { method, timeoutMs },
    );
    this.name = 'ClientDidNotAnswerError';
  }
}
