import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on a private port in front of a shared server (Redis) that passes every chunk, both
 * ways, `delayMs` after it came, in order: a slow network path between one app instance and the
 * server (far, or loaded), the other instances reaching it directly.
 */
export class DelayingTcpProxy {
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor(
    private readonly server: Server,
    /** The proxy's port on 127.0.0.1. */
    readonly port: number,
    private readonly delayMs: number,
  ) {}

  /** Starts a proxy on 127.0.0.1 (a free port) to `host:port`, every chunk `delayMs` late. */
  static async start(host: string, port: number, delayMs: number): Promise<DelayingTcpProxy> {
    const holder: { proxy?: DelayingTcpProxy } = {};
    const server = createServer((client) => holder.proxy!.accept(client, host, port));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    holder.proxy = new DelayingTcpProxy(server, address.port, delayMs);
    return holder.proxy;
  }

  /** The URL `url` with its host and port replaced by the proxy's. */
  rewrite(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.toString();
  }

  /** Stops listening and drops every connection (replies still held back are dropped). */
  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket, host: string, port: number): void {
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
    this.relay(client, upstream);
    this.relay(upstream, client);
  }

  /** Writes what `from` reads to `to`, each chunk `delayMs` late. */
  private relay(from: Socket, to: Socket): void {
    // Timers of one duration fire in the order they were set: the chunks keep their order.
    from.on('data', (chunk: Buffer) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (!to.destroyed) to.write(chunk);
      }, this.delayMs);
      this.timers.add(timer);
    });
  }
}
