import { McpError } from '../../errors/mcp.error.js';
import { ErrorCode } from '../../protocol/error-codes.js';
import { isSupportedLegacyVersion, MODERN_PROTOCOL_VERSIONS } from '../../protocol/versions.js';

const modern = new Set<string>(MODERN_PROTOCOL_VERSIONS);

/** True for a 2026-07-28-era revision this client speaks. */
export function isModernVersion(version: string): boolean {
  return modern.has(version);
}

/** The newest modern revision of `offered` this client speaks (undefined when none). */
export function pickModernVersion(offered: readonly string[]): string | undefined {
  return MODERN_PROTOCOL_VERSIONS.find((version) => offered.includes(version));
}

/** True when `offered` names a legacy revision this client speaks (an `initialize` can work). */
export function offersLegacyVersion(offered: readonly string[]): boolean {
  return offered.some((version) => isSupportedLegacyVersion(version));
}

/**
 * The `supported` list of a `-32022` UnsupportedProtocolVersion error, or undefined when `error`
 * is not one (or names no list of strings).
 */
export function unsupportedVersionList(error: unknown): string[] | undefined {
  if (!(error instanceof McpError) || error.code !== ErrorCode.UnsupportedProtocolVersion) {
    return undefined;
  }
  const supported = (error.data as { supported?: unknown } | undefined)?.supported;
  if (!Array.isArray(supported)) return [];
  return supported.filter((v): v is string => typeof v === 'string');
}

/**
 * True for a JSON-RPC error only a 2026-07-28 server sends (HeaderMismatch, missing client
 * capability, unsupported version): it proves the server is modern, so the client must not fall
 * back to `initialize` (streamable-http.mdx, Backward Compatibility).
 */
export function isModernError(error: unknown): error is McpError {
  return (
    error instanceof McpError &&
    (error.code === ErrorCode.HeaderMismatch ||
      error.code === ErrorCode.MissingRequiredClientCapability ||
      error.code === ErrorCode.UnsupportedProtocolVersion)
  );
}
