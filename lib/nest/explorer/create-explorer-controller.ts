import { Controller, Get, Header, Inject, NotFoundException, Req, type Type } from '@nestjs/common';
import { requestPathname } from '../../transports/shared/route-path.js';
import {
  CLIENT_METADATA_FILE,
  EXPLORER_ASSETS,
  explorerClientMetadata,
  explorerPage,
} from './explorer-page.js';
import type { ResolvedExplorer } from './explorer-settings.js';
import { EXPLORER_SANDBOX, type ExplorerSandbox } from './sandbox/explorer-sandbox.js';

/** The parts of an Express or Fastify request read here. */
interface RequestLike {
  originalUrl?: string;
  url?: string;
  raw?: { url?: string };
  /** `http` or `https`, as the framework reads it (its trust-proxy setting applies). */
  protocol?: string;
  headers: Record<string, string | string[] | undefined>;
}

const NO_STORE = 'no-store';

/**
 * Creates the explorer controller: the page (told its sandbox origin) and its two prebuilt assets. A real Nest controller,
 * so the app's global prefix, middleware and guards apply (a guard that refuses gives its 403).
 * The page talks to the MCP endpoint at `mcpPath` like any client, and no other site may frame
 * it (`X-Frame-Options: DENY`, `frame-ancestors 'none'`).
 */
export function createExplorerController(
  explorer: ResolvedExplorer,
  mcpPath: string,
): Type<unknown> {
  @Controller(explorer.path)
  class McpExplorerController {
    constructor(@Inject(EXPLORER_SANDBOX) private readonly sandbox: ExplorerSandbox) {}

    @Get()
    @Header('Content-Type', 'text/html; charset=utf-8')
    @Header('Cache-Control', NO_STORE)
    @Header('X-Content-Type-Options', 'nosniff')
    // Not framed by other sites (clickjacking: Connect, Run and the consent it leads to).
    @Header('X-Frame-Options', 'DENY')
    @Header('Content-Security-Policy', "frame-ancestors 'none'")
    page(@Req() request: RequestLike): string {
      const url = request.originalUrl ?? request.raw?.url ?? request.url;
      return explorerPage(requestPathname(url), explorer.path, mcpPath, {
        title: explorer.title,
        sandbox: this.sandbox.origin,
        signIn: explorer.signIn,
      });
    }

    /** The Client ID Metadata Document: its own URL, as the authorization server fetched it. */
    @Get(CLIENT_METADATA_FILE)
    @Header('Content-Type', 'application/json')
    @Header('Cache-Control', 'max-age=300')
    @Header('X-Content-Type-Options', 'nosniff')
    clientMetadata(@Req() request: RequestLike): Record<string, unknown> {
      const host = request.headers.host;
      if (!explorer.signIn.metadataDocument || typeof host !== 'string') {
        throw new NotFoundException();
      }
      const path = requestPathname(request.originalUrl ?? request.raw?.url ?? request.url);
      const url = `${request.protocol ?? 'http'}://${host}${path}`;
      return explorerClientMetadata(url, explorer.title);
    }

    @Get('explorer.js')
    @Header('Content-Type', 'text/javascript; charset=utf-8')
    @Header('Cache-Control', NO_STORE)
    @Header('X-Content-Type-Options', 'nosniff')
    script(): string {
      return EXPLORER_ASSETS.js;
    }

    @Get('explorer.css')
    @Header('Content-Type', 'text/css; charset=utf-8')
    @Header('Cache-Control', NO_STORE)
    @Header('X-Content-Type-Options', 'nosniff')
    style(): string {
      return EXPLORER_ASSETS.css;
    }
  }
  return McpExplorerController;
}
