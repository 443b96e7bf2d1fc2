import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { PROTECTED_RESOURCE_WELL_KNOWN } from '../../server/auth/protected-resource-metadata.js';
import {
  serveWellKnownJson,
  wellKnownDocument,
  type WellKnownRouteAdapter,
} from '../http/well-known-json.js';
import { McpResourceServer } from './mcp-resource-server.js';

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
    const adapter = this.adapterHost.httpAdapter as unknown as WellKnownRouteAdapter | undefined;
    const resource = this.resourceServer.resource;
    if (!adapter || resource === undefined) return;
    const suffix = new URL(resource).pathname.replace(/\/$/, '');
    serveWellKnownJson(adapter, {
      paths: new Set([PROTECTED_RESOURCE_WELL_KNOWN, `${PROTECTED_RESOURCE_WELL_KNOWN}${suffix}`]),
      cacheControl: 'max-age=300',
      document: () => wellKnownDocument(this.resourceServer.metadata()),
    });
  }
}
