import type { RequestId } from '../protocol/json-rpc.js';

/** Which transport carried a request (`'broker'`: NATS or RabbitMQ, through `McpBrokerServer`). */
export type TransportKind =
  'streamable-http' | 'sse' | 'websocket' | 'stdio' | 'in-memory' | 'broker';

/** What handlers may know about the transport of a request (Hermes `frame.transport`). */
export interface TransportInfo {
  kind: TransportKind;
  /** HTTP request headers, names lower-cased (HTTP transports only). */
  headers?: Readonly<Record<string, string | string[] | undefined>>;
  /** Peer address (HTTP and WebSocket). */
  remoteAddress?: string;
  /** The underlying request or socket object, for framework integrations. */
  raw?: unknown;
  /**
   * The HTTP request behind the message, as Nest guards read it through `switchToHttp()`: the
   * POST carrying it (Streamable HTTP, HTTP+SSE), the upgrade request (WebSocket), or a stand-in
   * with headers (in-memory test clients). Absent on stdio.
   */
  request?: unknown;
  /** The HTTP response of that POST (Streamable HTTP, HTTP+SSE), if any. */
  response?: unknown;
  /**
   * Streamable HTTP only: closes the SSE connection carrying request `id` without ending its
   * stream (SEP-1699 polling); the client reconnects after `retry` and gets the rest by resumption.
   */
  closeSseStream?: (id: RequestId) => void;
}

/**
 * Who opens a 2025-era session, as far as its transport knows: the server's session caps count
 * by these (`limits.maxSessionsPerPrincipal`, `maxSessionsPerAddress`).
 */
export interface SessionAdmission {
  /** The authenticated principal, if any. */
  readonly principal?: string;
  /** The client's remote address, if any. */
  readonly remoteAddress?: string;
}
