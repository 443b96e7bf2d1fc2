import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { McpAuthorizationServer } from '../../server/authorization-server/mcp-authorization-server.js';

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Puts the authorization server in front of the app's HTTP server: a request for
 * `/.well-known/oauth-authorization-server`, `/.well-known/openid-configuration` or `/oauth/...`
 * is served by it, anything else goes on to the framework (Express or Fastify alike). It sees
 * the raw request, before body parsers, global prefix and Nest middleware.
 */
@Injectable()
export class AuthorizationServerMount implements OnModuleInit, OnModuleDestroy {
  private server?: Server;
  private originals: RequestListener[] = [];
  private listener?: RequestListener;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly authorizationServer: McpAuthorizationServer,
  ) {}

  onModuleInit(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer?.() as Server | undefined;
    if (!server || typeof server.listeners !== 'function') {
      throw new Error(
        'McpAuthorizationServerModule needs an HTTP application (Express or Fastify)',
      );
    }
    this.server = server;
    this.originals = server.listeners('request') as RequestListener[];
    const originals = this.originals;
    const as = this.authorizationServer;
    this.listener = function (this: Server, req, res) {
      if (as.handle(req, res)) return;
      for (const original of originals) original.call(this, req, res);
    };
    server.removeAllListeners('request');
    server.on('request', this.listener);
  }

  onModuleDestroy(): void {
    if (!this.server || !this.listener) return;
    this.server.off('request', this.listener);
    for (const original of this.originals) this.server.on('request', original);
    this.listener = undefined;
  }
}
