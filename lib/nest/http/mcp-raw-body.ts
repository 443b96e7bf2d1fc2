import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ApplicationConfig, HttpAdapterHost } from '@nestjs/core';
import type { IncomingMessage, Server } from 'node:http';

/** Injection token: the MCP endpoint paths (without the global prefix) this module mounts. */
export const MCP_HTTP_PATHS = Symbol('nestjs-mcp:HttpPaths');

const STASHED_CONTENT_TYPE = 'x-nestjs-mcp-content-type';

/**
 * Keeps the host application's body parsers away from MCP endpoints, so the transport reads the
 * raw body itself: with its own size limit (413) and a JSON-RPC parse error (-32700) instead of
 * the framework's 100 KB default and HTML/Nest error bodies.
 *
 * Body parsers only parse requests whose `Content-Type` they recognise; before the app sees an
 * MCP request, the header is moved aside, and {@link restoreContentType} puts it back in the
 * controller. Where no Node HTTP server is available, the transport falls back to a body the
 * framework already parsed.
 */
@Injectable()
export class McpRawBody implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly config: ApplicationConfig,
    @Inject(MCP_HTTP_PATHS) private readonly paths: string[],
  ) {}

  onModuleInit(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer?.() as Server | undefined;
    if (!server || this.paths.length === 0 || typeof server.prependListener !== 'function') return;
    const prefix = this.config.getGlobalPrefix();
    const full = new Set(
      this.paths.map((p) => '/' + [prefix, p].join('/').split('/').filter(Boolean).join('/')),
    );
    server.prependListener('request', (req: IncomingMessage) => {
      if (req.method !== 'POST' || !req.url) return;
      const query = req.url.indexOf('?');
      const path = query === -1 ? req.url : req.url.slice(0, query);
      if (!full.has(path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path)) return;
      const contentType = req.headers['content-type'];
      if (contentType === undefined) return;
      req.headers[STASHED_CONTENT_TYPE] = contentType;
      delete req.headers['content-type'];
    });
  }
}

/** Puts back the `Content-Type` moved aside by {@link McpRawBody}. */
export function restoreContentType(req: IncomingMessage): void {
  const stashed = req.headers[STASHED_CONTENT_TYPE];
  if (typeof stashed === 'string') {
    req.headers['content-type'] = stashed;
    delete req.headers[STASHED_CONTENT_TYPE];
  }
}
