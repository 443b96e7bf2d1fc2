import { McpError } from '../../errors/mcp.error.js';

const envelopeErrors = new WeakSet<McpError>();

/**
 * Flags an error as a refusal of the request envelope (`_meta` fields, `requestState`): on
 * Streamable HTTP it is answered with status 400 even though its code is `-32602`.
 */
export function markEnvelopeError<E extends McpError>(error: E): E {
  envelopeErrors.add(error);
  return error;
}

/** True when {@link markEnvelopeError} flagged `error`. */
export function isEnvelopeError(error: unknown): boolean {
  return error instanceof McpError && envelopeErrors.has(error);
}
