import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ApplicationConfig, HttpAdapterHost, ModulesContainer } from '@nestjs/core';
import type { IncomingMessage, Server } from 'node:http';
import { stashContentType } from './content-type-stash.js';
import {
  isFastifyParserHost,
  MCP_RAW_MEDIA_TYPE,
  registerFastifyRawBodyParser,
} from './fastify-raw-body.js';
import { EndpointPathMatcher, resolveEndpointPaths } from './mcp-endpoint-paths.js';
import { routerModulePathOf } from './provider-module-path.js';

export { restoreContentType } from './content-type-stash.js';

/** Injection token: the MCP endpoint paths (without the global prefix) this module mounts. */
export const MCP_HTTP_PATHS = Symbol.for('nestjs-mcp:HttpPaths');

type RequestListener = (req: IncomingMessage) => void;

/**
 * Keeps the host application's body parsers away from MCP endpoints, so the transport reads the
 * raw body itself: with its own size limit (413) and a JSON-RPC parse error (-32700) instead of
 * the framework's limits (Express 100 KB, Fastify 1 MiB) and HTML/Nest error bodies.
 *
 * A listener placed before the framework's own on the Node server moves the `Content-Type` of MCP
 * POSTs aside (see `stashContentType`); the controller puts it back. Express parsers then skip the
 * body; on Fastify the request carries {@link MCP_RAW_MEDIA_TYPE}, whose parser leaves the body
 * unread. MCP POSTs are recognised by the paths Nest's router gives the controllers: global
 * prefix (with its exclusions), URI versioning and `RouterModule` paths included. Middleware and
 * HTTP guards on these routes see the request without its `Content-Type`. Where no Node HTTP
 * server is available, the transport falls back to a body the framework already parsed.
 */
@Injectable()
export class McpRawBody implements OnModuleInit, OnModuleDestroy {
  private server?: Server;
  private listener?: RequestListener;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly config: ApplicationConfig,
    private readonly modules: ModulesContainer,
    @Inject(MCP_HTTP_PATHS) private readonly paths: string[],
  ) {}

  onModuleInit(): void {
    const adapter = this.adapterHost.httpAdapter;
    const server = adapter?.getHttpServer?.() as Server | undefined;
    if (!server || this.paths.length === 0 || typeof server.prependListener !== 'function') return;
    const matcher = new EndpointPathMatcher(
      resolveEndpointPaths(this.paths, {
        config: this.config,
        modulePath: routerModulePathOf(this.modules, McpRawBody, this),
      }),
    );
    const fastify = adapter.getType() === 'fastify' ? adapter.getInstance<unknown>() : undefined;
    const replacement = isFastifyParserHost(fastify) ? MCP_RAW_MEDIA_TYPE : undefined;
    if (isFastifyParserHost(fastify)) registerFastifyRawBodyParser(fastify);
    this.listener = (req) => {
      if (req.method !== 'POST' || !matcher.matches(req.url)) return;
      // Express skips a body without a type; Fastify would refuse it, so there it gets ours.
      if (replacement === undefined && req.headers['content-type'] === undefined) return;
      stashContentType(req, replacement);
    };
    this.server = server;
    server.prependListener('request', this.listener);
  }

  onModuleDestroy(): void {
    if (this.listener) this.server?.off('request', this.listener);
    this.listener = undefined;
  }
}
