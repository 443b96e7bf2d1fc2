import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ApplicationConfig, HttpAdapterHost, ModulesContainer } from '@nestjs/core';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Subscription } from 'rxjs';
import { McpServer } from '../../server/mcp-server.js';
import { buildServerCard, serverCardName } from '../../server/server-card/build-server-card.js';
import type {
  McpServerCard,
  McpServerCardRemote,
} from '../../server/server-card/server-card.interface.js';
import { McpResourceServer } from '../auth/mcp-resource-server.js';
import { resolveEndpointPaths } from '../http/mcp-endpoint-paths.js';
import { routerModulePathOf } from '../http/provider-module-path.js';
import {
  serveWellKnownJson,
  wellKnownDocument,
  type WellKnownDocument,
  type WellKnownRouteAdapter,
} from '../http/well-known-json.js';
import {
  MCP_SERVER_CARD,
  SERVER_CARD_RESOURCE_URI,
  SERVER_CARD_WELL_KNOWN,
  type ServerCardMount,
} from './server-card-settings.js';

/**
 * Serves the module's Server Card (SEP-2127, experimental) at `/.well-known/mcp/server-card`
 * (public JSON, CORS `*`, `Cache-Control: public`, an entity tag) and as the resource
 * `mcp://server-card.json`. The name is checked at startup; the card is built on first read and
 * again only after a registration changes, per origin when `publicUrl` is not set.
 */
@Injectable()
export class McpServerCardRoute implements OnModuleInit, OnModuleDestroy {
  private readonly documents = new Map<string, WellKnownDocument>();
  private changes?: Subscription;
  private paths?: { streamable: string[]; sse: string[] };

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly config: ApplicationConfig,
    private readonly modules: ModulesContainer,
    private readonly server: McpServer,
    private readonly resourceServer: McpResourceServer,
    @Inject(MCP_SERVER_CARD) private readonly mount: ServerCardMount,
  ) {}

  onModuleInit(): void {
    const { settings } = this.mount;
    serverCardName(this.server.core.options, settings); // a bad name fails startup, not a read
    const routerPaths = (path: string | undefined) =>
      path === undefined
        ? []
        : resolveEndpointPaths([path], {
            config: this.config,
            modulePath: routerModulePathOf(this.modules, McpServerCardRoute, this),
          });
    this.paths = {
      streamable: routerPaths(this.mount.streamablePath),
      sse: routerPaths(this.mount.ssePath),
    };
    this.changes = this.server.core.primitives.changes$.subscribe(() => this.documents.clear());
    if (settings.resource !== false) {
      this.server.registerResource(
        {
          uri: SERVER_CARD_RESOURCE_URI,
          name: 'server-card',
          title: 'Server Card',
          description: 'This server described before connecting (SEP-2127)',
          mimeType: 'application/json',
        },
        () => JSON.stringify(this.card(settings.publicUrl)),
      );
    }
    const adapter = this.adapterHost.httpAdapter as unknown as WellKnownRouteAdapter | undefined;
    if (!adapter) return;
    const fixed = settings.publicUrl !== undefined;
    serveWellKnownJson(adapter, {
      paths: [SERVER_CARD_WELL_KNOWN],
      cacheControl: `public, max-age=${settings.maxAgeSeconds ?? 3600}`,
      ...(!fixed && { vary: 'Host' }),
      document: (req) => this.document(settings.publicUrl ?? originOf(req)),
    });
  }

  onModuleDestroy(): void {
    this.changes?.unsubscribe();
  }

  /** The card with the endpoints at `origin` (none without one), as served (cached). */
  private document(origin: string): WellKnownDocument {
    let document = this.documents.get(origin);
    if (!document) {
      if (this.documents.size >= 64) this.documents.clear(); // Host values are the client's
      document = wellKnownDocument(this.card(origin));
      this.documents.set(origin, document);
    }
    return document;
  }

  private card(origin: string | undefined): McpServerCard {
    const core = this.server.core;
    return buildServerCard({
      options: core.options,
      identity: this.mount.settings,
      capabilities: core.getCapabilities(),
      primitives: core.primitives,
      authenticated: this.resourceServer.enabled,
      remotes: origin === undefined ? [] : this.remotes(origin),
    });
  }

  private remotes(origin: string): McpServerCardRemote[] {
    const core = this.server.core;
    const { headers } = this.mount.settings;
    const common = {
      ...(headers && { headers }),
      ...(this.resourceServer.enabled && {
        authentication: { required: true, schemes: ['bearer', 'oauth2'] },
      }),
    };
    const base = origin.replace(/\/$/, '');
    const { streamable = [], sse = [] } = this.paths ?? {};
    return [
      ...streamable.map((path) => ({
        type: 'streamable-http' as const,
        url: `${base}${path}`,
        supportedProtocolVersions: [...core.supportedVersions],
        ...common,
      })),
      ...(core.legacyVersions.length === 0 ? [] : sse).map((path) => ({
        type: 'sse' as const,
        url: `${base}${path}`,
        supportedProtocolVersions: [...core.legacyVersions],
        ...common,
      })),
    ];
  }
}

/** The origin a request was made to (`http://host:port`), by its `Host` and socket. */
function originOf(req: IncomingMessage): string {
  const secure = (req.socket as TLSSocket).encrypted === true;
  return `${secure ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}`;
}
