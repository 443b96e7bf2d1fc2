import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type { McpServerPort } from '../server-port/mcp-server-port.interface.js';
import { checkOrigin } from '../shared/host-origin-guard.js';
import { logHostOriginRefusal } from '../shared/host-origin-refusal-log.js';
import { WebSocketSessionBinding } from './websocket-session-binding.js';
import {
  resolveWebSocketTransportOptions,
  type ResolvedWebSocketTransportOptions,
  type WebSocketTransportOptions,
} from './websocket-transport.options.js';
import { CapacityError } from '../../errors/capacity.error.js';
import {
  closeReason,
  selectSubprotocol,
  WebSocketCloseCode,
  type McpServerSocket,
} from './websocket-protocol.js';

/** `verifyClient` callback of a `ws` server (asynchronous form, so it can answer 403). */
export type VerifyClientCallback = (
  info: { origin: string; secure: boolean; req: IncomingMessage },
  done: (verified: boolean, code?: number, message?: string, headers?: OutgoingHttpHeaders) => void,
) => void;

/** The `ws` `WebSocketServer` options this transport needs (a subset of `ws.ServerOptions`). */
export interface McpWsServerOptions {
  noServer: true;
  /** `ws` closes a socket with 1009 when a message exceeds it. */
  maxPayload: number;
  perMessageDeflate: false;
  clientTracking: false;
  handleProtocols: (protocols: Set<string>) => string | false;
  verifyClient: VerifyClientCallback;
}

/** The part of a `ws` `WebSocketServer` that hands over accepted sockets. */
export interface WsConnectionSource {
  on(
    event: 'connection',
    listener: (socket: McpServerSocket, request: IncomingMessage) => void,
  ): unknown;
}

/** How long {@link McpWebSocketServer.close} waits for clients to answer the close frame. */
const SHUTDOWN_GRACE_MS = 1000;

/**
 * The MCP side of a WebSocket endpoint, independent of how sockets are accepted: it supplies the
 * `ws` server options (Origin check at the handshake -> 403, subprotocol `mcp`, message size
 * limit), binds every accepted socket to its own MCP session, and closes them all on shutdown.
 * Attach it to a Node HTTP server with `attachMcpWebSocket()`, or let the Nest gateway do it.
 */
export class McpWebSocketServer {
  /** The options with defaults applied. */
  readonly options: ResolvedWebSocketTransportOptions;
  private readonly bindings = new Set<WebSocketSessionBinding>();
  private closing = false;

  constructor(
    private readonly server: McpServerPort,
    options: WebSocketTransportOptions = {},
  ) {
    this.options = resolveWebSocketTransportOptions(options);
  }

  /** Number of open sockets (each one an MCP session). */
  get connectionCount(): number {
    return this.bindings.size;
  }

  /** Options for `new WebSocketServer(...)` (or a Nest `WsAdapter.create()`). */
  wsServerOptions(): McpWsServerOptions {
    return {
      noServer: true,
      maxPayload: this.options.maxMessageBytes,
      // Compression costs CPU per message and lets a small frame inflate past the limit's intent.
      perMessageDeflate: false,
      clientTracking: false,
      handleProtocols: (protocols) => selectSubprotocol(protocols),
      verifyClient: (info, done) => {
        const refused = checkOrigin(info.req, this.options.origin);
        if (!refused) return done(true);
        logHostOriginRefusal(this.server, refused, 'WebSocket handshake');
        done(false, 403, `Forbidden: ${refused.reason}`);
      },
    };
  }

  /** Serves every socket a `ws` server accepts. */
  serve(source: WsConnectionSource): void {
    source.on('connection', (socket, request) => this.accept(socket, request));
  }

  /** Binds one accepted socket to a new MCP session. */
  accept(socket: McpServerSocket, request: IncomingMessage): WebSocketSessionBinding | undefined {
    if (this.closing) {
      socket.close(WebSocketCloseCode.GoingAway, 'Server shutting down');
      return undefined;
    }
    let binding: WebSocketSessionBinding;
    try {
      binding = new WebSocketSessionBinding(socket, request, this.server, this.options);
    } catch (error) {
      if (!(error instanceof CapacityError)) throw error;
      // A session cap (1013 Try Again Later) or a draining server (1001 Going Away).
      const code =
        error.data.limit === 'shutdown'
          ? WebSocketCloseCode.GoingAway
          : WebSocketCloseCode.TryAgainLater;
      socket.close(code, closeReason(error.message));
      return undefined;
    }
    this.bindings.add(binding);
    void binding.closed.then(() => this.bindings.delete(binding));
    return binding;
  }

  /**
   * Closes every socket with 1001 Going Away (ending its session; call the server's `drain()`
   * first so requests in flight are answered before), waits a moment for the close
   * handshakes, then terminates the sockets that did not complete theirs. Idempotent.
   */
  async close(): Promise<void> {
    this.closing = true;
    const bindings = [...this.bindings];
    if (bindings.length === 0) return;
    for (const binding of bindings) {
      binding.close(WebSocketCloseCode.GoingAway, 'Server shutting down', 'shutdown');
    }
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, SHUTDOWN_GRACE_MS);
      timer.unref();
    });
    await Promise.race([Promise.all(bindings.map((b) => b.closed)), grace]);
    clearTimeout(timer);
    for (const binding of bindings) binding.terminate();
  }
}
