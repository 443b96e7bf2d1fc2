import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on a private port of 127.0.0.1 in front of a shared server (Redis, a database): each
 * connection it accepts gets its own upstream connection, and a subclass decides how bytes cross
 * ({@link TcpProxy.relay}) and whether a connection is accepted at all. Closing either side of a
 * pair closes the other.
 */
export abstract class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private readonly server: Server = createServer((client) => this.accept(client));
  private listening = 0;

  protected constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  /** The proxy's port on 127.0.0.1. */
  get port(): number {
    return this.listening;
  }

  /** The URL `url` with its host and port replaced by the proxy's. */
  rewrite(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.toString();
  }

  /** Stops listening and drops every connection. */
  async close(): Promise<void> {
    this.dropConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Starts listening on a free port of 127.0.0.1; resolves with the proxy. */
  protected async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    this.listening = address.port;
    return this;
  }

  /** Destroys every open connection, both sides. */
  protected dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  /** Pairs `client` with a new connection to the server. */
  protected accept(client: Socket): void {
    const upstream = connect(this.targetPort, this.host);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    this.relay(client, upstream);
    this.relay(upstream, client);
  }

  /** Carries what `from` reads to `to`. */
  protected abstract relay(from: Socket, to: Socket): void;
}
