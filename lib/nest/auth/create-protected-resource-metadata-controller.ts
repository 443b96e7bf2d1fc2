import { Controller, Get, Options, Req, Res, SetMetadata, type Type } from '@nestjs/common';
import { toNodeExchange } from '../http/node-exchange.js';
import { McpResourceServer } from './mcp-resource-server.js';
import { MCP_PUBLIC_ROUTE_METADATA } from './mcp-public-route.js';

const WELL_KNOWN = 'oauth-protected-resource';

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, OPTIONS',
  'access-control-allow-headers': '*',
};

/**
 * The route of the protected resource metadata (RFC 9728): GET
 * `/.well-known/oauth-protected-resource` and the form suffixed with the MCP endpoint's path
 * (`/.well-known/oauth-protected-resource/mcp`), as JSON any origin may read (CORS `*`, OPTIONS
 * preflight answered). 404 when the module has no `auth` option or the suffix names another
 * resource. Public: `McpBearerGuard` lets it through. With a global prefix, exclude
 * `.well-known/{*path}` from it so the document sits at the origin's root.
 */
export function createProtectedResourceMetadataController(): Type<unknown> {
  @SetMetadata(MCP_PUBLIC_ROUTE_METADATA, true)
  @Controller('.well-known')
  class McpProtectedResourceMetadataController {
    constructor(private readonly resourceServer: McpResourceServer) {}

    @Get([WELL_KNOWN, `${WELL_KNOWN}/*path`])
    get(@Req() request: unknown, @Res() reply: unknown): void {
      const { req, res } = toNodeExchange(request, reply);
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      const suffix = path.slice(path.indexOf(WELL_KNOWN) + WELL_KNOWN.length);
      const document = this.resourceServer.metadataFor(suffix);
      const body = JSON.stringify(document ?? { error: 'not_found' });
      res.writeHead(document ? 200 : 404, {
        ...CORS_HEADERS,
        'content-type': 'application/json',
        'cache-control': 'max-age=300',
      });
      res.end(body);
    }

    @Options([WELL_KNOWN, `${WELL_KNOWN}/*path`])
    preflight(@Req() request: unknown, @Res() reply: unknown): void {
      const { res } = toNodeExchange(request, reply);
      res.writeHead(204, { ...CORS_HEADERS, 'access-control-max-age': '86400' });
      res.end();
    }
  }
  return McpProtectedResourceMetadataController;
}
