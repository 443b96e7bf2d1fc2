import { encodeForSending } from '../shared/encode-outgoing.js';
import { Subject, type Observable } from 'rxjs';
import type { WebSocket as WsSocket } from 'ws';
import { type ClientTransport } from '../../client/client-transport.interface.js';
import { TransportError } from '../../errors/transport.error.js';
import { parseJson, toJsonRpcMessage, type JsonRpcMessage } from '../../protocol/json-rpc.js';
import { loadWs } from './load-ws.js';
import {
  MCP_WEBSOCKET_SUBPROTOCOL,
  toBuffer,
  WEBSOCKET_OPEN,
  WebSocketCloseCode,
  type WebSocketData,
} from './websocket-protocol.js';

/** Options of {@link WebSocketClientTransport}. */
export interface WebSocketClientTransportOptions {
  /** Extra headers of the upgrade request (Node only: e.g. `Authorization`). */
  headers?: Record<string, string>;
  /** Largest accepted incoming message (bytes); a larger one closes with 1009. Default 64 MiB. */
  maxMessageBytes?: number;
  /** Time allowed for the opening handshake (ms). Default 10 000. */
  handshakeTimeoutMs?: number;
}

/**
 * MCP client transport over WebSocket (Node, with `ws`, loaded lazily): subprotocol `mcp`, one
 * JSON-RPC message per text frame; the socket is the session. A frame that is not one JSON-RPC
 * message goes to `errors$` and the connection keeps running. When the socket closes,
 * `messages$` completes (an unexpected close is reported on `errors$` first, with its close code
 * as `status`). A refused connection rejects `start()` with `TransportError('refused')`; an HTTP
 * answer instead of the upgrade rejects it with `TransportError('http', status)`.
 */
export class WebSocketClientTransport implements ClientTransport {
  private readonly messages = new Subject<JsonRpcMessage>();
  private readonly errors = new Subject<Error>();
  private socket?: WsSocket;
  private closing = false;
  private closed?: Promise<void>;

  readonly messages$: Observable<JsonRpcMessage> = this.messages.asObservable();
  readonly errors$: Observable<Error> = this.errors.asObservable();

  constructor(
    readonly url: string | URL,
    private readonly options: WebSocketClientTransportOptions = {},
  ) {}

  /** The subprotocol the server selected (`''` when none, undefined before `start()`). */
  get protocol(): string | undefined {
    return this.socket?.protocol;
  }

  async start(): Promise<void> {
    if (this.socket) throw new TransportError('WebSocket transport already started', 'protocol');
    const { WebSocket } = await loadWs('WebSocketClientTransport');
    const socket = new WebSocket(this.url, MCP_WEBSOCKET_SUBPROTOCOL, {
      headers: this.options.headers,
      maxPayload: this.options.maxMessageBytes ?? 64 * 1024 * 1024,
      handshakeTimeout: this.options.handshakeTimeoutMs ?? 10_000,
      perMessageDeflate: false,
    });
    this.socket = socket;
    const href = new URL(this.url).href;
    this.closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      const fail = (error: TransportError) => {
        socket.removeAllListeners('open');
        reject(error);
      };
      socket.once('open', () => {
        socket.removeAllListeners('unexpected-response');
        resolve();
      });
      socket.once('unexpected-response', (_request, response) => {
        const status = response.statusCode ?? 0;
        response.resume();
        socket.terminate();
        fail(
          new TransportError(
            `WebSocket upgrade to ${href} refused: HTTP ${status}`,
            'http',
            status,
          ),
        );
      });
      socket.on('error', (error) => {
        if (socket.readyState === WEBSOCKET_OPEN) this.errors.next(error);
        else
          fail(
            new TransportError(
              `Cannot connect to ${href}: ${(error as NodeJS.ErrnoException).code ?? error.message}`,
              'refused',
              undefined,
              { cause: error },
            ),
          );
      });
    });
    socket.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    socket.on('close', (code, reason) => this.onClose(code, reason.toString('utf8')));
  }

  async send(message: JsonRpcMessage): Promise<void> {
    const socket = this.socket;
    if (!socket || this.closing || socket.readyState !== WEBSOCKET_OPEN) {
      throw new TransportError('WebSocket is not open', 'closed');
    }
    const text = encodeForSending(message);
    await new Promise<void>((resolve, reject) => {
      socket.send(text, (error) => {
        if (error)
          reject(
            new TransportError(`WebSocket send failed: ${error.message}`, 'closed', undefined, {
              cause: error,
            }),
          );
        else resolve();
      });
    });
  }

  /** Closes the socket (1000) and resolves once it is closed; `messages$` completes. */
  async close(): Promise<void> {
    const socket = this.socket;
    if (!socket) {
      this.messages.complete();
      return;
    }
    this.closing = true;
    if (socket.readyState === WEBSOCKET_OPEN)
      socket.close(WebSocketCloseCode.Normal, 'Client closed');
    else socket.terminate();
    await this.closed;
    this.messages.complete(); // also when start() failed and 'close' was never wired
  }

  private onMessage(data: WebSocketData, isBinary: boolean): void {
    if (isBinary) {
      this.errors.next(new TransportError('Ignored a binary WebSocket frame', 'protocol'));
      return;
    }
    try {
      this.messages.next(toJsonRpcMessage(parseJson(toBuffer(data).toString('utf8'))));
    } catch (error) {
      this.errors.next(
        new TransportError(`Ignored a frame: ${(error as Error).message}`, 'protocol', undefined, {
          cause: error,
        }),
      );
    }
  }

  private onClose(code: number, reason: string): void {
    if (!this.closing) {
      const why = reason === '' ? '' : `: ${reason}`;
      this.errors.next(
        new TransportError(`WebSocket closed by the server (${code})${why}`, 'closed', code),
      );
    }
    this.messages.complete();
  }
}
