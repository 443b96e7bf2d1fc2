import { CLIENT_CAPABILITIES_META_KEY, PROTOCOL_VERSION_META_KEY } from '../schema/modern.js';
import { isSupportedLegacyVersion } from '../versions.js';

/**
 * Which protocol eras a server serves: `'dual'` (default) both, `'modern'` only stateless
 * 2026-07-28 requests, `'legacy'` only the session era (the behaviour before 2026-07-28).
 */
export type ProtocolEras = 'dual' | 'modern' | 'legacy';

/** The era one message is served in. */
export type MessageEra = 'legacy' | 'modern';

/** What the classifier looks at: the message params and, on HTTP, two headers. */
export interface EraInput {
  /** The request's `params` (anything; only `_meta` is read). */
  readonly params: unknown;
  /** HTTP `MCP-Protocol-Version` (undefined on stdio/WebSocket or when absent). */
  readonly headerVersion?: string;
  /** True when the HTTP request carries an `Mcp-Session-Id`. */
  readonly hasSessionId?: boolean;
}

/** True when `params._meta` carries a modern protocol version or client capabilities. */
export function hasModernMeta(params: unknown): boolean {
  if (typeof params !== 'object' || params === null) return false;
  const meta = (params as { _meta?: unknown })._meta;
  if (typeof meta !== 'object' || meta === null) return false;
  return PROTOCOL_VERSION_META_KEY in meta || CLIENT_CAPABILITIES_META_KEY in meta;
}

/**
 * Classifies a request (plan §4.1): modern when its `_meta` says so; on HTTP also when there is
 * no session and the version header is not a legacy revision (so that envelope errors and
 * unsupported versions are answered the 2026 way); legacy otherwise. `'legacy'` mode never
 * answers modern, `'modern'` mode always does.
 */
export function classifyEra(input: EraInput, mode: ProtocolEras = 'dual'): MessageEra {
  if (mode === 'legacy') return 'legacy';
  if (mode === 'modern') return 'modern';
  if (hasModernMeta(input.params)) return 'modern';
  const version = input.headerVersion;
  if (version !== undefined && !input.hasSessionId && !isSupportedLegacyVersion(version)) {
    return 'modern';
  }
  return 'legacy';
}
