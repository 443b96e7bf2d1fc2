import { ErrorCode } from '../protocol/error-codes.js';
import type { JsonRpcErrorObject } from '../protocol/json-rpc.js';

/**
 * A protocol error that travels to the peer as a JSON-RPC error object.
 * Throw it from a handler to answer with this exact code, message and data;
 * any other thrown value becomes `-32603 Internal error` without details.
 */
export class McpError extends Error {
  constructor(
    /** JSON-RPC error code. */
    readonly code: number,
    message: string,
    /** Optional structured data sent as `error.data`. */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'McpError';
  }

  /** The wire form of this error (never includes a stack trace). */
  toJson(): JsonRpcErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }

  /** Builds an McpError from a JSON-RPC error object received from a peer. */
  static fromJson(error: JsonRpcErrorObject): McpError {
    return new McpError(error.code, error.message, error.data);
  }

  /** `-32602 Invalid params`. */
  static invalidParams(message: string, data?: unknown): McpError {
    return new McpError(ErrorCode.InvalidParams, message, data);
  }

  /** `-32601 Method not found`, with the method name in `data`. */
  static methodNotFound(method: string): McpError {
    return new McpError(ErrorCode.MethodNotFound, `Method not found: ${method}`, { method });
  }

  /** `-32600 Invalid Request`. */
  static invalidRequest(message: string): McpError {
    return new McpError(ErrorCode.InvalidRequest, message);
  }

  /** `-32603 Internal error` (the message is generic on purpose). */
  static internal(message = 'Internal error'): McpError {
    return new McpError(ErrorCode.InternalError, message);
  }
}
