import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/** How long an idle connection stays quiet during a drain before it is closed. */
const QUIET_MS = 250;
/** Default of {@link HttpServerDrain.finish}: how long connections still open may take to end. */
export const DEFAULT_CLOSE_GRACE_MS = 1000;

/** The part of a Node HTTP(S) server a drain uses (HTTP/2 servers lack the connection calls). */
type DrainableServer = Pick<Server, 'close' | 'on' | 'prependListener' | 'off' | 'once'> &
  Partial<Pick<Server, 'closeIdleConnections' | 'closeAllConnections'>>;

/** A connection, with the answer it is writing now (Node's long-standing `_httpMessage`). */
type Connection = Socket & { _httpMessage?: ServerResponse | null };

/**
 * The HTTP side of a graceful shutdown on a Node server (under Express, Fastify or none).
 * {@link start} stops taking new work at once: the listener closes (new connections are refused,
 * so a balancer sends them to another instance), every answer from then on carries
 * `Connection: close`, a connection whose answer had begun before (its keep-alive already
 * promised) closes as soon as that answer is written, and an idle keep-alive connection closes
 * once it stayed quiet for a sweep (250 ms): one a client is reusing gets its answer (the drain's
 * 503) with `Connection: close` instead of a reset. {@link finish} bounds the end: connections
 * still open after a grace period are closed, so the server's `close` always completes. Until {@link start} the only cost is a
 * connection set (one entry per connection, nothing per request).
 */
export class HttpServerDrain {
  private readonly connections = new Set<Connection>();
  private sweep?: NodeJS.Timeout;
  /** Bytes each connection had read at the last sweep (see {@link closeQuiet}). */
  private readonly lastRead = new WeakMap<Connection, number>();
  private started = false;

  constructor(private readonly server: DrainableServer) {
    server.on('connection', this.track);
  }

  private readonly track = (socket: Connection): void => {
    this.connections.add(socket);
    socket.once('close', () => this.connections.delete(socket));
  };

  /** Stops taking new connections and reusing open ones (idempotent). */
  start(): void {
    if (this.started) return;
    this.started = true;
    const server = this.server;
    server.prependListener('request', closeAfterAnswer);
    server.once('close', () => this.stop());
    // After the event loop has read the sockets (`setImmediate` runs after the poll phase): a
    // request the machine received but Node had not read yet is then in progress, and kept.
    setImmediate(() => {
      for (const socket of this.connections) {
        const res = socket._httpMessage;
        if (res && !res.writableFinished) closeAfter(res, socket);
      }
      // Stops listening, without the HTTP close's closing of every idle connection at once (a
      // client may be writing on one this instant): quiet ones close in the sweeps below. The
      // framework's own close later waits for the same 'close' event (Node emits it again).
      NetServer.prototype.close.call(server);
    });
    this.sweep = setInterval(() => setImmediate(() => this.closeQuiet()), QUIET_MS);
    this.sweep.unref();
  }

  /**
   * Resolves once every connection closed, or after `graceMs`, when those still open are closed
   * (an answer or stream the application left open would otherwise hold the server's `close`
   * forever). Call once the drain is over.
   */
  async finish(graceMs = DEFAULT_CLOSE_GRACE_MS): Promise<void> {
    if (!this.started) return;
    const deadline = Date.now() + graceMs;
    while (this.connections.size > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS / 2));
    }
    this.server.closeAllConnections?.();
  }

  /**
   * Closes the connections with no request in progress that read nothing since the last sweep:
   * a client reusing a connection it just used gets its answer with `Connection: close` instead.
   */
  private closeQuiet(): void {
    for (const socket of this.connections) {
      const res = socket._httpMessage;
      if (res && !res.writableFinished) continue;
      if (this.lastRead.get(socket) === socket.bytesRead) socket.destroy();
      else this.lastRead.set(socket, socket.bytesRead);
    }
  }

  private stop(): void {
    clearInterval(this.sweep);
    this.server.off('request', closeAfterAnswer);
    this.server.off('connection', this.track);
  }
}

/** An answer under way when the drain started: its connection closes once it is written. */
function closeAfter(res: ServerResponse, socket: Socket): void {
  if (!res.headersSent) res.setHeader('connection', 'close');
  else res.once('finish', () => socket.end());
}

/** A request arriving during the drain: its answer closes the connection. */
function closeAfterAnswer(_req: IncomingMessage, res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('connection', 'close');
}
