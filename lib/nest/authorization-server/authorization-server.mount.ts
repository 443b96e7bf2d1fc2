import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost, ModuleRef } from '@nestjs/core';
import { McpServerCore } from '../../server/mcp-server-core.js';
import { McpAuthorizationServer } from '../../authorization-server/mcp-authorization-server.js';
import { sqlStoreCounters } from '../../authorization-server/store/sql-authorization-store.js';
import { frameworkClientAddress } from '../http/framework-client-address.js';
import { mountInFront, nodeServerOf } from '../http/mount-in-front.js';

/**
 * Puts the authorization server in front of the app's HTTP server: a request for
 * `/.well-known/oauth-authorization-server`, `/.well-known/openid-configuration` or `/oauth/...`
 * is served by it, anything else goes on to the framework (Express or Fastify alike). It sees
 * the raw request, before body parsers, global prefix and Nest middleware. Without an HTTP
 * application (`NestFactory.createApplicationContext()`, a `@nestjs/testing` module that never
 * calls `createNestApplication()`) there is nothing to mount, as Nest mounts no controller there:
 * it says so at debug and the rest of the app (the MCP endpoint's token checks, the test kit)
 * works as usual. Client addresses (rate limits) are resolved by the framework's trust-proxy
 * setting, as on the MCP endpoint.
 * When the app's `McpModule` has Redis, the server's rate limits count there (for the whole
 * service); else, with a `sqlAuthorizationStore`, in its SQL counters.
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
    const adapter = this.adapterHost.httpAdapter as HttpAdapterHost['httpAdapter'] | undefined;
    if (!adapter) {
      new Logger('McpAuthorizationServer').debug(
        'No HTTP application (an application context or a testing module): the authorization server routes are not mounted',
      );
      return;
    }
    const server = nodeServerOf(adapter);
    if (!server) {
      throw new Error(
        'McpAuthorizationServerModule needs an HTTP application (Express or Fastify)',
      );
    }
    const as = this.authorizationServer;
    const resolver = frameworkClientAddress(this.adapterHost.httpAdapter);
    as.useClientAddress(resolver);
    if (as.options.trustProxy && !resolver) {
      new Logger('McpAuthorizationServer').warn(
        "trustProxy is set but the framework trusts no proxy: rate limits count the proxy's " +
          "address for every client. Set Express's 'trust proxy' or Fastify's trustProxy before app.init()",
      );
    }
    if (!as.sharedRateLimits) {
      // The app's Redis first (made for counters), else the SQL store's own counters.
      const counters = this.mcpCounters() ?? sqlStoreCounters(as.options.store);
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
