import type { Observable } from 'rxjs';
import type { JsonRpcMessage } from '../protocol/json-rpc.js';

/**
 * What the client needs from a transport: start it, send messages, receive them as a stream,
 * and learn when it fails or closes. Every transport (Streamable HTTP, legacy SSE, WebSocket,
 * stdio, in-memory) implements this one contract.
 */
export interface ClientTransport {
  /** Messages from the server, in order. Completes when the transport closes. */
  readonly messages$: Observable<JsonRpcMessage>;
  /** Non-fatal problems (a garbage line, an unparsable event) and fatal ones before closing. */
  readonly errors$: Observable<Error>;
  /** Connects (spawns, opens the socket ...). */
  start(): Promise<void>;
  /** Sends one message; rejects with a TransportError when it cannot be delivered. */
  send(message: JsonRpcMessage): Promise<void>;
  /**
   * Sends several messages as one JSON-RPC batch (only protocol 2025-03-26 has batches; the client
   * calls it only then). Optional: without it, batched messages are sent one by one.
   */
  sendBatch?(messages: JsonRpcMessage[]): Promise<void>;
  /** Closes the connection (and ends the server session where the transport has one). */
  close(): Promise<void>;
  /**
   * Why the connection ended when `close()` was not called (a child process exited, a socket
   * dropped). Set before `messages$` completes; the client rejects its pending calls with it.
   */
  readonly closeError?: Error | undefined;
  /** Tells the transport the negotiated revision (HTTP sends it as `MCP-Protocol-Version`). */
  setProtocolVersion?(version: string): void;
  /**
   * Forgets the server session (HTTP: the `Mcp-Session-Id`) so the next `initialize` starts a new
   * one. The client calls it when a send fails with a TransportError of status 404 (session ended
   * on the server), then re-initializes and retries the call once.
   */
  resetSession?(): void;
}
