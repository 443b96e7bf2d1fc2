/**
 * Wire conventions of MCP over WebSocket (a custom transport; see the v1 TypeScript SDK's
 * `WebSocketClientTransport` for the only official precedent): subprotocol `mcp`, one JSON-RPC
 * message per UTF-8 text frame, the socket is the session.
 */

/** The subprotocol clients offer and the server selects. */
export const MCP_WEBSOCKET_SUBPROTOCOL = 'mcp';

/** `readyState` of an open socket (same value in `ws` and the WHATWG `WebSocket`). */
export const WEBSOCKET_OPEN = 1;

/** RFC 6455 §7.4.1 close codes this transport uses, each saying why the socket closed. */
export const WebSocketCloseCode = {
  /** The session ended normally (client or server closed it). */
  Normal: 1000,
  /** The server is shutting down. */
  GoingAway: 1001,
  /** No close frame was received (network drop, terminated socket). Never sent. */
  Abnormal: 1006,
  /** The client did not read what the server sent (send buffer bound exceeded). */
  PolicyViolation: 1008,
  /** A message was larger than `maxMessageBytes`. */
  MessageTooBig: 1009,
  /** The server met an unexpected condition. */
  InternalError: 1011,
  /** A session cap was reached (`limits.maxSessions*`): try again later. */
  TryAgainLater: 1013,
} as const;

/** Picks the subprotocol to answer with: `mcp` when offered, otherwise none. */
export function selectSubprotocol(offered: ReadonlySet<string>): string | false {
  return offered.has(MCP_WEBSOCKET_SUBPROTOCOL) ? MCP_WEBSOCKET_SUBPROTOCOL : false;
}

/**
 * Trims a close reason to the 123 bytes a close frame can carry (RFC 6455 §5.5: control frame
 * payload ≤ 125 bytes, 2 of which are the code), without splitting a character.
 */
export function closeReason(reason: string): string {
  if (Buffer.byteLength(reason) <= 123) return reason;
  let out = '';
  for (const char of reason) {
    if (Buffer.byteLength(out + char) > 120) break;
    out += char;
  }
  return out + '...';
}

/**
 * What the transport needs from a server-side socket: the subset of a `ws` `WebSocket` it uses,
 * so the transport's types do not depend on `ws` and tests can drive it with a fake.
 */
export interface McpServerSocket {
  readonly readyState: number;
  /** Bytes queued and not yet written to the network. */
  readonly bufferedAmount: number;
  /** The selected subprotocol (`''` when none). */
  readonly protocol: string;
  send(data: string): void;
  ping(): void;
  close(code?: number, reason?: string): void;
  /** Destroys the connection at once, without a close handshake. */
  terminate(): void;
  on(event: 'message', listener: (data: WebSocketData, isBinary: boolean) => void): unknown;
  on(event: 'pong', listener: () => void): unknown;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** The payload of a received message as `ws` delivers it, depending on its `binaryType`. */
export type WebSocketData = Buffer | ArrayBuffer | Buffer[];

/** Decodes a received payload to a Buffer. */
export function toBuffer(data: WebSocketData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
