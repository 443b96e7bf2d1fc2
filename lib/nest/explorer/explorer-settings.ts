import { Logger } from '@nestjs/common';
import { normaliseRoutePath } from '../../transports/shared/route-path.js';

/** Settings of the explorer page (module extra `explorer`). */
export interface McpExplorerSettings {
  /** Path of the page (relative to the global prefix). Default `'explorer'`. */
  path?: string;
  /**
   * Serve the page when `NODE_ENV` is `production`. Default false: in production the page is not
   * mounted unless this is set (it runs any tool of the server for whoever passes the app's guards).
   */
  enableInProduction?: boolean;
  /** Title shown on the page. Default `'MCP Explorer'`. */
  title?: string;
  /**
   * Where MCP App views are rendered: a sandbox origin apart from the page's, served by a second
   * listener of the app. Default: 127.0.0.1 on a free port, reached at `http://127.0.0.1:<port>`.
   */
  sandbox?: McpExplorerSandboxSettings;
  /** How the page signs in on a protected endpoint (see {@link McpExplorerSignInSettings}). */
  signIn?: McpExplorerSignInSettings;
}

/**
 * The explorer's client identity at the authorization server, chosen in the MCP order: a
 * pre-registered `clientId` when set; else, where the server advertises
 * `client_id_metadata_document_supported` and the page is on https, the Client ID Metadata
 * Document the app serves at `<explorer path>/client-metadata.json`; else Dynamic Client
 * Registration.
 */
export interface McpExplorerSignInSettings {
  /**
   * A public client (no secret, PKCE) registered at the authorization server beforehand, with
   * the page's URL (`https://app.example.com/explorer`) as a redirect URI. Default: none.
   */
  clientId?: string;
  /** Serve and use the Client ID Metadata Document. Default true. */
  metadataDocument?: boolean;
}

/** The sign-in settings in force. */
export interface ResolvedSignIn {
  clientId?: string;
  metadataDocument: boolean;
}

/** The explorer's sandbox listener (see the explorer guide for a production setup). */
export interface McpExplorerSandboxSettings {
  /** Port of the sandbox listener. Default 0 (a free port). */
  port?: number;
  /** Address it binds. Default `'127.0.0.1'`. */
  host?: string;
  /**
   * The sandbox origin as the browser reaches it, when that is not `http://<host>:<port>`: e.g.
   * `https://mcp-sandbox.example.com`, a host name of its own routed to this listener. It must
   * differ from the page's origin. Default `http://<host>:<port>`.
   */
  origin?: string;
}

/** The sandbox settings in force. */
export interface ResolvedSandbox {
  port: number;
  host: string;
  origin?: string;
}

/** The explorer settings in force, or undefined when the page is not mounted. */
export interface ResolvedExplorer {
  path: string;
  title: string;
  sandbox: ResolvedSandbox;
  signIn: ResolvedSignIn;
}

/**
 * Decides whether the explorer is mounted: off unless `explorer` is set, refused under
 * `NODE_ENV=production` unless `enableInProduction` (a warning says why), and only beside the
 * Streamable HTTP endpoint it talks to.
 */
export function resolveExplorer(
  extra: boolean | McpExplorerSettings | undefined,
  http: boolean,
  env: NodeJS.ProcessEnv = process.env,
): ResolvedExplorer | undefined {
  if (!extra) return undefined;
  const settings = extra === true ? {} : extra;
  if (env.NODE_ENV === 'production' && settings.enableInProduction !== true) {
    new Logger('McpExplorer').warn(
      'The MCP explorer is not mounted under NODE_ENV=production (set explorer.enableInProduction to serve it)',
    );
    return undefined;
  }
  if (!http)
    throw new Error('McpModule: the explorer needs the Streamable HTTP endpoint (http: true)');
  return {
    path: normaliseRoutePath(settings.path ?? 'explorer'),
    title: settings.title ?? 'MCP Explorer',
    sandbox: resolveSandbox(settings.sandbox ?? {}),
    signIn: resolveSignIn(settings.signIn ?? {}),
  };
}

function resolveSignIn(settings: McpExplorerSignInSettings): ResolvedSignIn {
  const { clientId } = settings;
  if (clientId !== undefined && (typeof clientId !== 'string' || clientId.trim() === '')) {
    throw new Error('McpModule: explorer.signIn.clientId must be a non-empty client id');
  }
  return {
    ...(clientId !== undefined && { clientId }),
    metadataDocument: settings.metadataDocument ?? true,
  };
}

function resolveSandbox(settings: McpExplorerSandboxSettings): ResolvedSandbox {
  const port = settings.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`McpModule: explorer.sandbox.port must be a port number, got ${String(port)}`);
  }
  const sandbox: ResolvedSandbox = { port, host: settings.host ?? '127.0.0.1' };
  if (settings.origin !== undefined) {
    const url = URL.canParse(settings.origin) ? new URL(settings.origin) : undefined;
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== settings.origin) {
      throw new Error(
        `McpModule: explorer.sandbox.origin must be an http(s) origin such as ` +
          `https://mcp-sandbox.example.com (no path or trailing slash), got ${JSON.stringify(settings.origin)}`,
      );
    }
    sandbox.origin = url.origin;
  }
  return sandbox;
}
