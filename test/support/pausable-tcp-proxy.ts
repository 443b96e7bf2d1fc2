import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on a private port in front of a shared server (a database), so a test can cut
 * the app off from it without touching the server: {@link PausableTcpProxy.pause} drops every
 * open connection and refuses new ones (closed on accept) until {@link PausableTcpProxy.resume}.
 */
export class PausableTcpProxy {
  private readonly sockets = new Set<Socket>();
  private paused = false;

  private constructor(
    private readonly server: Server,
    /** The proxy's port on 127.0.0.1. */
    readonly port: number,
  ) {}

  /** Starts a proxy on 127.0.0.1 (a free port) to `host:port`. */
  static async start(host: string, port: number): Promise<PausableTcpProxy> {
    const holder: { proxy?: PausableTcpProxy } = {};
    const server = createServer((client) => holder.proxy!.accept(client, host, port));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    holder.proxy = new PausableTcpProxy(server, address.port);
    return holder.proxy;
  }

  /** The URL `url` with its host and port replaced by the proxy's. */
  rewrite(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.toString();
  }

  /** The outage: open connections dropped, new ones closed on accept. */
  pause(): void {
    this.paused = true;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  /** The end of the outage: new connections reach the server again. */
  resume(): void {
    this.paused = false;
  }

  /** Stops listening and drops every connection. */
  async close(): Promise<void> {
    this.pause();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket, host: string, port: number): void {
    if (this.paused) {
      client.destroy();
      return;
    }
    const upstream = connect(port, host);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  }
}
