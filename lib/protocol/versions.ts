/** Protocol revisions of the legacy era (an `initialize` handshake and sessions), newest first. */
export const LEGACY_PROTOCOL_VERSIONS = [
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
] as const;

/** Protocol revisions of the modern, stateless era. */
export const MODERN_PROTOCOL_VERSIONS = ['2026-07-28'] as const;

/** The newest legacy revision: what `initialize` answers when the client asks for one we do not know. */
export const LATEST_LEGACY_PROTOCOL_VERSION = LEGACY_PROTOCOL_VERSIONS[0];

/** What a server assumes when an HTTP request carries no `MCP-Protocol-Version` header. */
export const DEFAULT_NEGOTIATED_PROTOCOL_VERSION = '2025-03-26';

/** A legacy-era protocol revision string. */
export type LegacyProtocolVersion = (typeof LEGACY_PROTOCOL_VERSIONS)[number];

// The pre-release tag is still sent by some clients; its wire is 2024-11-05.
const aliases = new Map<string, LegacyProtocolVersion>([['2024-10-07', '2024-11-05']]);

/**
 * Every version string a legacy request may carry (revisions, then aliases). Searched by value:
 * a header's value is a fresh string each request, and a set would first hash it in V8's runtime
 * (more than comparing it with these five ten-character strings; every HTTP request checks it).
 */
const LEGACY_VERSION_STRINGS: readonly string[] = [...LEGACY_PROTOCOL_VERSIONS, ...aliases.keys()];

function isLegacyRevision(version: string): version is LegacyProtocolVersion {
  return (LEGACY_PROTOCOL_VERSIONS as readonly string[]).includes(version);
}

/** True when `version` is a legacy revision this engine speaks (aliases included). */
export function isSupportedLegacyVersion(version: string): boolean {
  return LEGACY_VERSION_STRINGS.includes(version);
}

/**
 * Legacy-era negotiation: echo the client's version when we support it (among `supported`,
 * newest first, default every legacy revision), otherwise answer with our latest (the client
 * then decides whether to continue).
 */
export function negotiateProtocolVersion(
  requested: unknown,
  supported: readonly string[] = LEGACY_PROTOCOL_VERSIONS,
): LegacyProtocolVersion {
  if (typeof requested === 'string') {
    const version = aliases.get(requested) ?? requested;
    if (isLegacyRevision(version) && supported.includes(version)) return version;
  }
  return (supported[0] ?? LATEST_LEGACY_PROTOCOL_VERSION) as LegacyProtocolVersion;
}

/** True when `a` is the same revision as `b` or newer (revisions are ISO dates, so they sort as strings). */
export function isVersionAtLeast(a: string, b: string): boolean {
  return a >= b;
}
