import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type { McpServerPort } from '../server-port/mcp-server-port.interface.js';
import { checkOrigin } from '../shared/host-origin-guard.js';
import { logHostOriginRefusal } from '../shared/host-origin-refusal-log.js';
import { randomUUID } from 'node:crypto';
import { upgradeAddress, WebSocketSessionBinding } from './websocket-session-binding.js';
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
  /**
   * With counters shared by the instances: each upgrade's place in the service's session caps,
   * taken during the handshake (its id), or why it was not (the refusal), until {@link accept}.
   */
  private readonly places = new WeakMap<IncomingMessage, { id: string } | { refused: unknown }>();
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
        if (!refused) return this.takePlace(info.req, () => done(true));
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
    const place = this.places.get(request);
    this.places.delete(request);
    const drop = place && 'id' in place ? () => this.server.sharedSessions?.drop(place.id) : noop;
    if (this.closing) {
      drop();
      socket.close(WebSocketCloseCode.GoingAway, 'Server shutting down');
      return undefined;
    }
    if (place && 'refused' in place) {
      // Over a shared cap (counted, 1013 like a local one), or the counters unreachable (1013).
      const { refused } = place;
      const reason =
        refused instanceof CapacityError
          ? refused.message
          : 'Session limits unavailable; retry later';
      socket.close(WebSocketCloseCode.TryAgainLater, closeReason(reason));
      return undefined;
    }
    let binding: WebSocketSessionBinding;
    try {
      binding = new WebSocketSessionBinding(socket, request, this.server, this.options);
    } catch (error) {
      drop();
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
    void binding.closed.then(() => {
      this.bindings.delete(binding);
      drop();
    });
    return binding;
  }

  /**
   * With counters shared by the instances, takes the upgrade's place in the service's session
   * caps before the socket is accepted (so no message waits on Redis), then calls `next`; a
   * refusal is kept for {@link accept}, which closes the socket with 1013. An upgrade that never
   * completes gives its place back when its TCP socket closes. Without shared counters: `next`.
   */
  private takePlace(request: IncomingMessage, next: () => void): void {
    const shared = this.server.sharedSessions;
    if (!shared) return next();
    const id = randomUUID();
    shared.hold(id, { remoteAddress: upgradeAddress(request, this.options) }).then(
      () => {
        this.places.set(request, { id });
        request.socket.once('close', () => shared.drop(id));
        next();
      },
      (refused: unknown) => {
        this.places.set(request, { refused });
        next();
      },
    );
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

const noop = () => undefined;
