import type { InitializeResult, ServerCapabilities } from '../protocol/schema/index.js';
import type { ProtocolEras } from '../protocol/modern/protocol-eras.js';
import { LEGACY_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS } from '../protocol/versions.js';
import type { McpServerOptions } from './mcp-server-options.interface.js';
import { markSharedResult } from '../protocol/shared-json.js';

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
 * The `initialize` results of a server, built once per negotiated revision and kept (frozen) while
 * the capabilities stay the same object (the server makes a new one when a registry changes): a
 * handshake reads its answer instead of building the identity again, and its JSON is encoded once
 * per result, not per session (issue 41: `markSharedResult`).
 */
export class InitializeResults {
  private capabilities?: ServerCapabilities;
  private readonly byVersion = new Map<string, InitializeResult>();

  constructor(private readonly options: McpServerOptions) {}

  /** The result for `protocolVersion` with `capabilities` (the server's current ones). */
  resultFor(capabilities: ServerCapabilities, protocolVersion: string): InitializeResult {
    if (capabilities !== this.capabilities) {
      this.capabilities = capabilities;
      this.byVersion.clear();
    }
    let result = this.byVersion.get(protocolVersion);
    if (result === undefined) {
      const built = buildInitializeResult(this.options, capabilities, protocolVersion);
      result = Object.freeze(markSharedResult(built));
      this.byVersion.set(protocolVersion, result);
    }
    return result;
  }
}

/**
 * Revisions a 2026-07-28 request may name, as `server/discover` lists them and `-32022` reports
 * them: the modern ones, plus the legacy ones unless the server is `'modern'` only; only those
 * in `restrict` (option `protocolVersions`) when given.
 */
export function supportedVersionsOf(
  eras: ProtocolEras,
  restrict?: readonly string[],
): readonly string[] {
  const all: string[] =
    eras === 'modern'
      ? [...MODERN_PROTOCOL_VERSIONS]
      : [...MODERN_PROTOCOL_VERSIONS, ...LEGACY_PROTOCOL_VERSIONS];
  return Object.freeze(restrict ? all.filter((v) => restrict.includes(v)) : all);
}

/**
 * The legacy revisions `initialize` may negotiate, newest first: every one, or those in
 * `restrict` (option `protocolVersions`); none in `'modern'` mode.
 */
export function legacyVersionsOf(
  eras: ProtocolEras,
  restrict?: readonly string[],
): readonly string[] {
  if (eras === 'modern') return Object.freeze([]);
  return Object.freeze(
    LEGACY_PROTOCOL_VERSIONS.filter((v) => !restrict || restrict.includes(v)) as string[],
  );
}

/**
 * Checks option `protocolVersions` at startup: not empty, only revisions this library speaks,
 * and at least one of each era the server serves (`protocolEras`).
 * @throws Error naming the offending value.
 */
export function assertProtocolVersions(
  versions: readonly string[] | undefined,
  eras: ProtocolEras,
): void {
  if (versions === undefined) return;
  const known: readonly string[] = [...MODERN_PROTOCOL_VERSIONS, ...LEGACY_PROTOCOL_VERSIONS];
  const fail = (why: string) => {
    throw new Error(`McpModule option protocolVersions: ${why} (known: ${known.join(', ')})`);
  };
  if (versions.length === 0) fail('the list is empty');
  const unknown = versions.filter((v) => !known.includes(v));
  if (unknown.length > 0) fail(`unknown revision ${unknown.map((v) => `"${v}"`).join(', ')}`);
  const hasModern = versions.some((v) =>
    (MODERN_PROTOCOL_VERSIONS as readonly string[]).includes(v),
  );
  const hasLegacy = versions.some((v) =>
    (LEGACY_PROTOCOL_VERSIONS as readonly string[]).includes(v),
  );
  if (eras === 'modern' && !hasModern) fail("protocolEras 'modern' needs a 2026-07-28 revision");
  if (eras === 'legacy' && !hasLegacy) fail("protocolEras 'legacy' needs a 2025 revision");
}
