import type { ModernDispatch } from '../../engine/request-outlet.interface.js';
import type { McpError as McpErrorType } from '../../errors/mcp.error.js';
import type { JsonRpcRequest } from '../../protocol/json-rpc.js';
import type { ProtocolEras } from '../../protocol/modern/protocol-eras.js';
import type { ParamHeaderRule } from '../../protocol/modern/mcp-header-annotations.js';
import type { SessionAdmission, TransportKind } from '../../engine/transport-info.interface.js';
import type { McpSessionPort } from './mcp-session-port.interface.js';
import type { ClusterPort } from './cluster-port.interface.js';

/**
 * What a server transport needs from the MCP server (the engine-facing part of lib/server
 * satisfies it structurally): open a session per connection or HTTP session, and report failures
 * that happen outside any request handler. Transports are typed against this port so they never
 * import lib/server.
 */
export interface McpServerPort {
  /**
   * Opens a session for a transport; the server tracks it until it closes. With `admission`
   * (2025-era sessions) it counts against the session caps.
   * @throws CapacityError when a session cap is reached or the server is draining.
   */
  createSession(
    id: string | undefined,
    transport: TransportKind,
    admission?: SessionAdmission,
  ): McpSessionPort;
  /**
   * Checks that `count` more requests may start on a session now (HTTP asks before replying, to
   * answer a refusal with its status).
   * @throws CapacityError while draining or over the per-session in-flight cap.
   */
  admitRequests?(session: Pick<McpSessionPort, 'inFlightCount'>, count: number): void;
  /** Counts a refusal the transport answered itself (an HTTP body that timed out). */
  countRefusal?(kind: 'bodyTimeout'): void;
  /**
   * Logs an unexpected failure (a server fault) at error with its stack and a correlation id;
   * returns the `-32603` the client may get for it (carrying that id).
   */
  reportError(error: unknown, message: string): McpErrorType | void;
  /**
   * Logs a client-triggered error (a refused or malformed request) without a stack, at `debug`
   * or `warn`, rate-limited per `category` (a fixed name, never client text).
   */
  reportClientError?(category: string, message: () => string, level?: 'debug' | 'warn'): void;
  /**
   * Logs a client-triggered refusal the operator may need to act on at `warn`, once per `key`
   * (client text; the server bounds how many distinct keys it remembers per `category`).
   */
  reportClientErrorOnce?(category: string, key: string, message: () => string): void;
  /** Which protocol eras the server serves (`'dual'`, `'modern'`, `'legacy'`). */
  readonly protocolEras: ProtocolEras;
  /** Revisions a 2026-07-28 request may name (the `-32022` `supported` list). */
  readonly supportedVersions: readonly string[];
  /** Serves one stateless 2026-07-28 request; throws `McpError` for protocol errors. */
  dispatchModern(request: JsonRpcRequest, call: ModernDispatch): Promise<Record<string, unknown>>;
  /** Keep-alive interval of `subscriptions/listen` SSE responses in ms (undefined: listen is off). */
  readonly listenKeepAliveMs?: number;
  /** The `Mcp-Param-*` rules of a tool (its `x-mcp-header` properties), or undefined when none. */
  paramHeaderRules?(toolName: string): readonly ParamHeaderRule[] | undefined;
  /**
   * The session caps of the whole service, when instances share limit counters: a Streamable
   * HTTP session is admitted when it initializes (`admit` rejects with a `CapacityError` or a
   * `StoreUnavailableError`), renewed for `leaseMs` as requests come, released when it ends;
   * `forget` stops renewing a live copy that went. A connection-bound session (WebSocket, legacy
   * HTTP+SSE) is counted in with `hold` before it opens (rejecting as `admit`), renewed by the
   * server while it lives, and counted out with `drop` (idempotent) when its connection ends.
   */
  readonly sharedSessions?: {
    admit(id: string, admission: SessionAdmission, leaseMs: number): Promise<void>;
    hold(id: string, admission: SessionAdmission): Promise<void>;
    drop(id: string): void;
    renew(id: string, leaseMs: number): void;
    forget(id: string): void;
    release(id: string): void;
  };
  /** Set when instances share a bus (several instances behind a load balancer). */
  readonly cluster?: ClusterPort;
}
