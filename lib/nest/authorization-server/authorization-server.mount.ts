import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost, ModuleRef } from '@nestjs/core';
import { McpServerCore } from '../../server/mcp-server-core.js';
import { McpAuthorizationServer } from '../../server/authorization-server/mcp-authorization-server.js';
import { mountInFront, nodeServerOf } from '../http/mount-in-front.js';

/**
 * Puts the authorization server in front of the app's HTTP server: a request for
 * `/.well-known/oauth-authorization-server`, `/.well-known/openid-configuration` or `/oauth/...`
 * is served by it, anything else goes on to the framework (Express or Fastify alike). It sees
 * the raw request, before body parsers, global prefix and Nest middleware. When the app's
 * `McpModule` has Redis, the server's rate limits count there (for the whole service).
 */
@Injectable()
export class AuthorizationServerMount implements OnModuleInit, OnModuleDestroy {
  private unmount?: () => void;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly authorizationServer: McpAuthorizationServer,
    private readonly moduleRef: ModuleRef,
  ) {}

  onModuleInit(): void {
    const server = nodeServerOf(this.adapterHost.httpAdapter);
    if (!server) {
      throw new Error(
        'McpAuthorizationServerModule needs an HTTP application (Express or Fastify)',
      );
    }
    const as = this.authorizationServer;
    if (!as.sharedRateLimits) {
      const counters = this.mcpCounters();
      if (counters) as.useRateLimitCounters(counters);
    }
    this.unmount = mountInFront(server, (req, res) => as.handle(req, res));
  }

  /** The limit counters of the app's `McpModule` (its Redis), if it has any. */
  private mcpCounters() {
    try {
      return this.moduleRef.get(McpServerCore, { strict: false }).limits.counters;
    } catch {
      return undefined; // no McpModule in this app
    }
  }

  onModuleDestroy(): void {
    this.unmount?.();
    this.unmount = undefined;
  }
}
