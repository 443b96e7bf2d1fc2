import type { Observable } from 'rxjs';
import type { JsonRpcMessage, RequestId } from '../protocol/json-rpc.js';

/** Per-message information the client gives a transport with {@link ClientTransport.send}. */
export interface ClientSendOptions {
  /**
   * HTTP headers of this message, lowercase names (2026-07-28: `MCP-Protocol-Version`,
   * `Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`). Only given to a transport whose
   * `usesRequestHeaders` is true; transports without headers ignore them.
   */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * The authorizations an HTTP transport runs for its `auth` option (a 401/403 answered by
 * discovery, a login, a token request). The client keeps their time outside its negotiation
 * probe's clock: a human's browser login is not a slow server.
 */
export interface TransportAuthorization {
  /** True while an authorization runs. */
  readonly active: boolean;
  /** Milliseconds spent authorizing so far (a running authorization included). */
  readonly spentMs: number;
}

/**
 * What the client needs from a transport: start it, send messages, receive them as a stream,
 * and learn when it fails or closes. Every transport (Streamable HTTP, legacy SSE, WebSocket,
 * stdio, in-memory) implements this one contract.
 */
export interface ClientTransport {
  /**
   * Messages from the server, in order. Completes when the transport closes. A transport that
   * knows which request a notification was sent for (it came on that request's own stream)
   * marks it with `relateToRequest`, which routes its log messages to the call's `onLog`.
   */
  readonly messages$: Observable<JsonRpcMessage>;
  /** Non-fatal problems (a garbage line, an unparsable event) and fatal ones before closing. */
  readonly errors$: Observable<Error>;
  /** Connects (spawns, opens the socket ...). */
  start(): Promise<void>;
  /** Sends one message; rejects with a TransportError when it cannot be delivered. */
  send(message: JsonRpcMessage, options?: ClientSendOptions): Promise<void>;
  /**
   * Sends several messages as one JSON-RPC batch (only protocol 2025-03-26 has batches; the client
   * calls it only then). Optional: without it, batched messages are sent one by one.
   */
  sendBatch?(messages: JsonRpcMessage[]): Promise<void>;
  /**
   * True when the transport sends per-message HTTP headers ({@link ClientSendOptions.headers}):
   * the client computes them only then. A 2026-07-28 error reply with a non-2xx status is then
   * delivered as the JSON-RPC error it carries.
   */
  readonly usesRequestHeaders?: boolean;
  /**
   * True for a transport that only exists in the legacy era (the 2024-11-05 HTTP+SSE transport):
   * `versionNegotiation: 'auto'` then initializes without probing `server/discover`.
   */
  readonly legacyOnly?: boolean;
  /** The transport's authorizations (HTTP transports with an `auth` option). */
  readonly authorization?: TransportAuthorization | undefined;
  /**
   * Stops waiting for the reply of request `id` without telling the server (HTTP: aborts its
   * exchange). The client uses it for a negotiation probe it gave up on, where the era that
   * would allow a `notifications/cancelled` is not known yet.
   */
  abandonRequest?(id: RequestId): void;
  /**
   * For a transport that re-establishes its own connection (the broker transports): emits `true`
   * when the connection drops (requests in flight fail) and `false` once it is back, the server
   * session kept. A client manager shows the server as `'reconnecting'` meanwhile.
   */
  readonly interrupted$?: Observable<boolean> | undefined;
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
