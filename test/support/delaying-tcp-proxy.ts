import type { Socket } from 'node:net';
import { TcpProxy } from './tcp-proxy.js';

/**
 * A TCP proxy on a private port in front of a shared server (Redis) that passes every chunk, both
 * ways, `delayMs` after it came, in order: a slow network path between one app instance and the
 * server (far, or loaded), the other instances reaching it directly.
 */
export class DelayingTcpProxy extends TcpProxy {
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor(
    host: string,
    port: number,
    private readonly delayMs: number,
  ) {
    super(host, port);
  }

  /** Starts a proxy on 127.0.0.1 (a free port) to `host:port`, every chunk `delayMs` late. */
  static start(host: string, port: number, delayMs: number): Promise<DelayingTcpProxy> {
    return new DelayingTcpProxy(host, port, delayMs).listen();
  }

  /** Stops listening and drops every connection (chunks still held back are dropped). */
  override close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    return super.close();
  }

  /** Writes what `from` reads to `to`, each chunk `delayMs` late. */
  protected relay(from: Socket, to: Socket): void {
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
