import { Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { ApplicationConfig, HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';
import type { McpServer } from '../../server/mcp-server.js';
import {
  resolveWebSocketTransportOptions,
  type WebSocketTransportOptions,
} from '../../transports/websocket/websocket-transport.options.js';
import { frameworkClientAddress } from '../http/framework-client-address.js';
import {
  mountWebSocketEndpoint,
  type MountedWebSocketEndpoint,
  type WebSocketMountMode,
} from './mount-websocket-endpoint.js';

/**
 * Injection token of runtime WebSocket options (for `forRootAsync` configuration): when provided,
 * its defined values override the options given to `createMcpWebSocketGateway()`.
 */
export const MCP_WEBSOCKET_OPTIONS = Symbol.for('nestjs-mcp:WebSocketOptions');

/**
 * The MCP WebSocket gateway: serves MCP over WebSocket at its path on the app's HTTP server, one
 * MCP session per socket. Mounted when the module initialises and closed (1001 Going Away to
 * every client) when it is destroyed, before Nest closes the HTTP server. Create the injectable
 * class with `createMcpWebSocketGateway()`; see there why it is not a `@WebSocketGateway`.
 */
export class McpWebSocketGateway implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('McpWebSocket');
  private endpoint?: MountedWebSocketEndpoint;
  /** The endpoint path (normalised, absolute). */
  readonly path: string;

  constructor(
    private readonly server: McpServer,
    private readonly adapterHost: HttpAdapterHost,
    private readonly config: ApplicationConfig,
    /** The transport options, path included. */
    readonly options: WebSocketTransportOptions,
  ) {
    // Resolved now so invalid options fail at bootstrap, naming the option.
    this.path = resolveWebSocketTransportOptions(options).path;
  }

  /** How the endpoint is mounted (undefined before init or without an HTTP server). */
  get mode(): WebSocketMountMode | undefined {
    return this.endpoint?.mode;
  }

  /** Number of open sockets (each one an MCP session). */
  get connectionCount(): number {
    return this.endpoint?.server.connectionCount ?? 0;
  }

  /**
   * Mounts the endpoint on the app's HTTP server. An upgrade passes no framework, so unless the
   * options name a `clientAddress`, the session cap per address counts the address the app's
   * `trust proxy` (Express) or `trustProxy` (Fastify) setting resolves, as on Streamable HTTP.
   */
  async onModuleInit(): Promise<void> {
    const adapter = this.adapterHost.httpAdapter;
    const httpServer = adapter?.getHttpServer?.() as Server | undefined;
    if (!httpServer || typeof httpServer.on !== 'function') {
      this.logger.warn(`No HTTP server (application context?): WebSocket ${this.path} not mounted`);
      return;
    }
    this.endpoint = await mountWebSocketEndpoint(
      httpServer,
      this.config.getIoAdapter(),
      this.server,
      this.withClientAddress(adapter),
    );
    this.logger.log(`MCP over WebSocket at ${this.path} (${this.endpoint.mode})`);
  }

  private withClientAddress(adapter: HttpAdapterHost['httpAdapter']): WebSocketTransportOptions {
    if (this.options.clientAddress) return this.options;
    const resolve = frameworkClientAddress(adapter);
    return resolve ? { ...this.options, clientAddress: resolve } : this.options;
  }

  /**
   * Drains the server first (listen streams get their result, requests in flight finish or get
   * a -32000 `shutdown` error within `drainTimeoutMs`), then closes every socket with 1001 and
   * unmounts the endpoint.
   */
  async onModuleDestroy(): Promise<void> {
    await this.server.drain();
    await this.endpoint?.close();
  }
}
