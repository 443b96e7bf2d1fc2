import type { InitializeResult, ServerCapabilities } from '../protocol/schema/index.js';
import type { ProtocolEras } from '../protocol/modern/protocol-eras.js';
import { LEGACY_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS } from '../protocol/versions.js';
import type { McpServerOptions } from './mcp-server-options.interface.js';

/** The `initialize` result for a negotiated revision: identity from the options, capabilities now. */
export function buildInitializeResult(
  options: McpServerOptions,
  capabilities: ServerCapabilities,
  protocolVersion: string,
): InitializeResult {
  const { name, version, title, description, websiteUrl, icons, instructions } = options;
  const serverInfo = { name, version, title, description, websiteUrl, icons };
  return {
    protocolVersion,
    capabilities,
    serverInfo: JSON.parse(JSON.stringify(serverInfo)) as InitializeResult['serverInfo'],
    ...(instructions !== undefined && { instructions }),
  };
}

/**
 * Revisions a 2026-07-28 request may name, as `server/discover` lists them and `-32022` reports
 * them: the modern ones, plus the legacy ones unless the server is `'modern'` only.
 */
export function supportedVersionsOf(eras: ProtocolEras): readonly string[] {
  return Object.freeze(
    eras === 'modern'
      ? [...MODERN_PROTOCOL_VERSIONS]
      : [...MODERN_PROTOCOL_VERSIONS, ...LEGACY_PROTOCOL_VERSIONS],
  );
}
