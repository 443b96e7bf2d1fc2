import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { PROTECTED_RESOURCE_WELL_KNOWN } from '../../server/auth/protected-resource-metadata.js';
import { toNodeExchange } from '../http/node-exchange.js';
import { McpResourceServer } from './mcp-resource-server.js';

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, OPTIONS',
  'access-control-allow-headers': '*',
};

/** The adapter methods used here (Express and Fastify adapters have both). */
interface RouteAdapter {
  get(path: string, handler: (req: unknown, res: unknown) => void): unknown;
  options(path: string, handler: (req: unknown, res: unknown) => void): unknown;
}

/**
 * Serves the protected resource metadata (RFC 9728) when the module has the `auth` option: GET
 * `/.well-known/oauth-protected-resource` and the form suffixed with the resource's path
 * (`/.well-known/oauth-protected-resource/mcp`), as JSON any origin may read (CORS `*`, OPTIONS
 * preflight answered). Registered on the HTTP adapter itself, at the origin's root whatever the
 * global prefix, and outside guards: the document is public.
 */
@Injectable()
export class ProtectedResourceMetadataRoute implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly resourceServer: McpResourceServer,
  ) {}

  onModuleInit(): void {
    const adapter = this.adapterHost.httpAdapter as unknown as RouteAdapter | undefined;
    const resource = this.resourceServer.resource;
    if (!adapter || resource === undefined) return;
    const suffix = new URL(resource).pathname.replace(/\/$/, '');
    const paths = new Set([
      PROTECTED_RESOURCE_WELL_KNOWN,
      `${PROTECTED_RESOURCE_WELL_KNOWN}${suffix}`,
    ]);
    for (const path of paths) {
      adapter.get(path, (request, reply) => this.serve(request, reply));
      adapter.options(path, (request, reply) => {
        const { res } = toNodeExchange(request, reply);
        res.writeHead(204, { ...CORS_HEADERS, 'access-control-max-age': '86400' });
        res.end();
      });
    }
  }

  private serve(request: unknown, reply: unknown): void {
    const { res } = toNodeExchange(request, reply);
    res.writeHead(200, {
      ...CORS_HEADERS,
      'content-type': 'application/json',
      'cache-control': 'max-age=300',
    });
    res.end(JSON.stringify(this.resourceServer.metadata()));
  }
}
