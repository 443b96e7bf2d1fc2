/**
 * JSON-RPC and MCP error codes, as the spec defines them.
 * `-32002` (resource not found) and `-32042` are legacy-era codes; `-32020..-32022` are 2026-07-28 codes.
 */
export const ErrorCode = {
  /** Invalid JSON was received. */
  ParseError: -32700,
  /** The JSON sent is not a valid JSON-RPC request. */
  InvalidRequest: -32600,
  /** The method does not exist or is behind a capability the server did not advertise. */
  MethodNotFound: -32601,
  /** Invalid method parameters (unknown tool or prompt, bad cursor, bad log level ...). */
  InvalidParams: -32602,
  /** Internal error; details are never leaked to the peer. */
  InternalError: -32603,
  /** Resource not found (2025 era; 2026-07-28 uses InvalidParams instead). */
  ResourceNotFound: -32002,
  /** URL-mode elicitation required (2025-11-25). */
  UrlElicitationRequired: -32042,
  /** HTTP headers missing, malformed or not matching the body (2026-07-28). */
  HeaderMismatch: -32020,
  /** A client capability the request needs was not declared (2026-07-28). */
  MissingRequiredClientCapability: -32021,
  /** The requested protocol version is not supported (2026-07-28). */
  UnsupportedProtocolVersion: -32022,
} as const;

/** One of the numeric codes in {@link ErrorCode}. */
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];
