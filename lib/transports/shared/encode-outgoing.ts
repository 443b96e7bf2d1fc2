import { TransportError } from '../../errors/transport.error.js';
import { encodeMessage, type EncodeFailureReport } from '../../protocol/encode-message.js';
import type { JsonRpcMessage } from '../../protocol/json-rpc.js';
import type { McpServerPort } from '../server-port/mcp-server-port.interface.js';

/** The encode-failure report of a server transport: the server's logger, at error level. */
export function reportEncodeFailure(
  server: Pick<McpServerPort, 'reportError'>,
): EncodeFailureReport {
  return (error, message) =>
    server.reportError(
      error,
      `Cannot encode an outgoing ${'method' in message ? message.method : 'response'}`,
    );
}

/**
 * Encodes a message a client transport is about to send (see `encodeMessage`): a response that
 * cannot be encoded goes out as a `-32603` error for its id; anything else throws, so the
 * caller's request fails instead of the process.
 * @throws TransportError `protocol`, with the `JSON.stringify` error as its cause.
 */
export function encodeForSending(message: JsonRpcMessage): string {
  let failure: unknown;
  const text = encodeMessage(message, (error) => (failure = error));
  if (text === undefined) {
    throw new TransportError('Cannot encode the message as JSON', 'protocol', undefined, {
      cause: failure,
    });
  }
  return text;
}
