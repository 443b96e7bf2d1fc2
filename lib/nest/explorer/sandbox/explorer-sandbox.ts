import { Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ResolvedSandbox } from '../explorer-settings.js';
import { SandboxRequestHandler } from './sandbox-server.js';

/** Injection token of the explorer's `ExplorerSandbox`. */
export const EXPLORER_SANDBOX = Symbol.for('nestjs-mcp:ExplorerSandbox');

/**
 * The explorer's sandbox origin: a second HTTP listener of the app (default 127.0.0.1 on a free
 * port), apart from the page's origin as the MCP Apps specification asks of a web host, serving
 * only the sandbox proxy and the one-time view documents. Started when the module initializes,
 * closed at shutdown. Behind a reverse proxy, `origin` is the public origin routed to it.
 */
export class ExplorerSandbox implements OnModuleInit, OnApplicationShutdown {
  private server?: Server;
  private publicOrigin?: string;

  constructor(private readonly settings: ResolvedSandbox) {}

  /** The sandbox origin as the browser reaches it (known once listening). */
  get origin(): string {
    if (!this.publicOrigin) throw new Error('McpModule: the explorer sandbox is not listening');
    return this.publicOrigin;
  }

  /** Starts the listener. */
  async onModuleInit(): Promise<void> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.settings.port, this.settings.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const { port } = server.address() as AddressInfo;
    const host = this.settings.host.includes(':') ? `[${this.settings.host}]` : this.settings.host;
    this.publicOrigin = this.settings.origin ?? `http://${host}:${port}`;
    const handler = new SandboxRequestHandler(this.publicOrigin);
    server.on('request', (req, res) => handler.handle(req, res));
    this.server = server;
    new Logger('McpExplorer').log(`MCP App views are sandboxed at ${this.publicOrigin}`);
  }

  /** Closes the listener and its connections. */
  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
