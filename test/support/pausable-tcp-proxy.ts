import type { Socket } from 'node:net';
import { TcpProxy } from './tcp-proxy.js';

/**
 * A TCP proxy on a private port in front of a shared server (a database), so a test can cut
 * the app off from it without touching the server: {@link PausableTcpProxy.pause} drops every
 * open connection and refuses new ones (closed on accept) until {@link PausableTcpProxy.resume}.
 */
export class PausableTcpProxy extends TcpProxy {
  private paused = false;

  /** Starts a proxy on 127.0.0.1 (a free port) to `host:port`. */
  static start(host: string, port: number): Promise<PausableTcpProxy> {
    return new PausableTcpProxy(host, port).listen();
  }

  /** The outage: open connections dropped, new ones closed on accept. */
  pause(): void {
    this.paused = true;
    this.dropConnections();
  }

  /** The end of the outage: new connections reach the server again. */
  resume(): void {
    this.paused = false;
  }

  /** Stops listening and drops every connection. */
  override close(): Promise<void> {
    this.paused = true;
    return super.close();
  }

  protected override accept(client: Socket): void {
    if (this.paused) client.destroy();
    else super.accept(client);
  }

  protected relay(from: Socket, to: Socket): void {
    from.pipe(to);
  }
}
