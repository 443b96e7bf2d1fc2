import type { McpServerCardIdentity } from '../../server/server-card/server-card.interface.js';

/** The well-known path of a Server Card (SEP-2127). */
export const SERVER_CARD_WELL_KNOWN = '/.well-known/mcp/server-card';

/** The URI of the Server Card as an MCP resource (SEP-2127). */
export const SERVER_CARD_RESOURCE_URI = 'mcp://server-card.json';

/**
 * The module extra `serverCard` (experimental: SEP-2127 is a draft; this follows its text of
 * 2026-02-18): what the card says beyond the server's options, and how it is served.
 */
export interface McpServerCardSettings extends McpServerCardIdentity {
  /**
   * The origin clients reach the app at (`https://api.example.com`), for the endpoints' URLs.
   * Default: the origin of each request (`Host`), with `Vary: Host`; set it behind a proxy that
   * terminates TLS or rewrites hosts.
   */
  publicUrl?: string;
  /** `max-age` of the `.well-known` answers, in seconds. Default `3600`, as the SEP suggests. */
  maxAgeSeconds?: number;
  /** Also serve the card as the resource `mcp://server-card.json`. Default `true`. */
  resource?: boolean;
}

/** What the module mounts the card with: its settings and the transports' paths. */
export interface ServerCardMount {
  settings: McpServerCardSettings;
  /** The Streamable HTTP path (before the global prefix), when mounted. */
  streamablePath?: string;
  /** The legacy HTTP+SSE stream path (before the global prefix), when mounted. */
  ssePath?: string;
}

/** Injection token of the {@link ServerCardMount}. */
export const MCP_SERVER_CARD = Symbol.for('nestjs-mcp:ServerCard');

/** The extra as given (`true` or settings) as settings; `undefined` when off. */
export function resolveServerCard(
  extra: boolean | McpServerCardSettings | undefined,
): McpServerCardSettings | undefined {
  if (!extra) return undefined;
  const settings = extra === true ? {} : extra;
  if (settings.publicUrl !== undefined && !URL.canParse(settings.publicUrl)) {
    throw new Error(`McpModule serverCard: publicUrl "${settings.publicUrl}" is not a URL`);
  }
  return settings;
}
