import type { McpSessionEndCause } from '../../engine/session-end-cause.js';
import type { IncomingMessage } from 'node:http';
import type { Subscription } from 'rxjs';
import type { JsonRpcMessage } from '../../protocol/json-rpc.js';
import type { McpServerPort } from '../server-port/mcp-server-port.interface.js';
import type { McpSessionPort } from '../server-port/mcp-session-port.interface.js';
import type { MessageExtra } from '../../engine/session-message.interface.js';
import { exceedsUtf8Bytes } from '../shared/byte-size.js';
import type { EncodeFailureReport } from '../../protocol/encode-message.js';
import { reportEncodeFailure } from '../shared/encode-outgoing.js';
import { decodeFrame, encodeFrame } from './websocket-framing.js';
import { WebSocketKeepAlive } from './websocket-keepalive.js';
import {
  closeReason,
  WEBSOCKET_OPEN,
  WebSocketCloseCode,
  type McpServerSocket,
  type WebSocketData,
} from './websocket-protocol.js';

/** Settings a binding needs (a subset of the resolved transport options). */
export interface SessionBindingOptions {
  keepAliveMs: number;
  maxBufferedBytes: number;
  maxJsonDepth?: number;
  /** The upgrade request's client address (default: the socket's). */
  clientAddress?: (req: IncomingMessage) => string | undefined;
}

/** The client address of an upgrade request: the option `clientAddress`'s, else the socket's. */
export function upgradeAddress(
  request: Pick<IncomingMessage, 'headers' | 'socket'>,
  options: Pick<SessionBindingOptions, 'clientAddress'>,
): string | undefined {
  return options.clientAddress
    ? options.clientAddress(request as IncomingMessage)
    : request.socket.remoteAddress;
}

/** The session reason `McpServer.close()` gives; such a close tells the client 1001 Going Away. */
const SERVER_SHUTDOWN_REASON = 'Server shutting down';

/** Reason of the 1008 close when a client does not read. */
export const BUFFER_OVERFLOW_REASON = 'Send buffer limit exceeded: the client is not reading';

/**
 * One WebSocket bound to one MCP session, for the socket's lifetime: text frames in -> the
 * session; the session's outbound messages -> text frames out, under a bound on buffered bytes;
 * ping/pong keep-alive; the socket closing ends the session (aborting its running handlers) and
 * the session ending closes the socket with a code that says why.
 */
export class WebSocketSessionBinding {
  /** The MCP session this socket carries. */
  readonly session: McpSessionPort;
  /** Resolves once the socket has closed. */
  readonly closed: Promise<void>;
  private readonly extra: MessageExtra;
  private readonly keepAlive: WebSocketKeepAlive;
  private readonly subscription: Subscription;
  private socketClosed = false;
  private closeSent = false;
  private markClosed!: () => void;
  private readonly reportEncodeFailure: EncodeFailureReport;

  constructor(
    private readonly socket: McpServerSocket,
    request: Pick<IncomingMessage, 'headers' | 'socket'>,
    server: Pick<McpServerPort, 'createSession' | 'reportError'>,
    private readonly options: SessionBindingOptions,
  ) {
    this.closed = new Promise<void>((resolve) => (this.markClosed = resolve));
    // Throws a CapacityError over a session cap (the caller closes the socket with 1013).
    const remoteAddress = upgradeAddress(request, options);
    this.session = server.createSession(undefined, 'websocket', { remoteAddress });
    this.reportEncodeFailure = reportEncodeFailure(server);
    // One TransportInfo per connection, shared by every message it carries.
    this.extra = {
      transport: {
        kind: 'websocket',
        headers: request.headers,
        remoteAddress: request.socket.remoteAddress,
        raw: socket,
        request,
      },
    };
    this.keepAlive = new WebSocketKeepAlive(options.keepAliveMs, {
      ping: () => this.ping(),
      onDead: () => this.socket.terminate(),
    });
    socket.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    socket.on('pong', () => this.keepAlive.markAlive());
    socket.on('close', () => this.onSocketClose());
    // Protocol errors (oversized or invalid UTF-8 frames) are followed by a close that `ws`
    // starts itself; the listener only keeps them from becoming uncaught exceptions.
    socket.on('error', () => undefined);
    this.subscription = this.session.outbound$.subscribe(({ message }) => this.send(message));
    this.session.onClose((reason) => this.onSessionClose(reason));
    this.keepAlive.start();
  }

  /** Closes the socket with a code and reason, ending the session (`cause` for its end hook). */
  close(code: number, reason: string, cause: McpSessionEndCause = 'disconnected'): void {
    this.closeSocket(code, reason);
    this.session.close(reason, cause);
  }

  /** Destroys the socket at once (after a close that the client did not complete). */
  terminate(): void {
    if (!this.socketClosed) this.socket.terminate();
  }

  private onMessage(data: WebSocketData, isBinary: boolean): void {
    this.keepAlive.markAlive();
    if (this.session.closed) return;
    const frame = decodeFrame(data, isBinary, this.options.maxJsonDepth);
    if (frame.ok) this.session.receive(frame.message, this.extra);
    else this.send(frame.error);
  }

  private send(message: JsonRpcMessage): void {
    const socket = this.socket;
    if (this.closeSent || this.socketClosed || socket.readyState !== WEBSOCKET_OPEN) return;
    const text = encodeFrame(message, this.reportEncodeFailure);
    if (text === undefined) return;
    if (exceedsUtf8Bytes(text, this.options.maxBufferedBytes - socket.bufferedAmount)) {
      this.close(WebSocketCloseCode.PolicyViolation, BUFFER_OVERFLOW_REASON);
      return;
    }
    socket.send(text);
  }

  private ping(): void {
    if (!this.socketClosed && this.socket.readyState === WEBSOCKET_OPEN) this.socket.ping();
  }

  private onSocketClose(): void {
    if (this.socketClosed) return;
    this.socketClosed = true;
    this.keepAlive.stop();
    this.subscription.unsubscribe();
    this.session.close('WebSocket closed', 'disconnected');
    this.markClosed();
  }

  private onSessionClose(reason: string): void {
    this.keepAlive.stop();
    const code =
      reason === SERVER_SHUTDOWN_REASON ? WebSocketCloseCode.GoingAway : WebSocketCloseCode.Normal;
    this.closeSocket(code, reason);
  }

  private closeSocket(code: number, reason: string): void {
    if (this.socketClosed || this.closeSent) return;
    this.closeSent = true;
    this.socket.close(code, closeReason(reason));
  }
}
