import { McpError } from '../../errors/mcp.error.js';
import { ErrorCode } from '../error-codes.js';
import type { ProtocolContext } from '../protocol-context.interface.js';
import type { ClientCapabilities } from '../schema/capabilities.js';
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  LOG_LEVEL_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  RequestMetaObjectSchema,
  type RequestMetaObject,
} from '../schema/modern.js';
import { isPlainRequestMeta } from './plain-request-meta.js';
import { markEnvelopeError } from './envelope-error.js';

/** The -32602 of a missing or malformed `_meta` field (HTTP 400). */
function envelope(message: string): McpError {
  return markEnvelopeError(McpError.invalidParams(message));
}

/** `_meta` through the schema (the plain ones skip it, see `isPlainRequestMeta`); -32602 if invalid. */
function checkedMeta(meta: Record<string, unknown>): RequestMetaObject {
  const parsed = RequestMetaObjectSchema.safeParse(meta);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw envelope(`Invalid params._meta: ${issue?.path.map(String).join('.')}: ${issue?.message}`);
}

/** `-32022` with `{ supported, requested }` for a version this server does not speak. */
export function unsupportedVersion(requested: string, supported: readonly string[]): McpError {
  return new McpError(
    ErrorCode.UnsupportedProtocolVersion,
    `Unsupported protocol version: ${requested}`,
    { supported: [...supported], requested },
  );
}

/** The request `_meta` object of `params`, or undefined when there is none. */
export function metaOf(params: unknown): Record<string, unknown> | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const meta = (params as { _meta?: unknown })._meta;
  return typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>) : undefined;
}

/**
 * Reads the protocol facts of a modern request from its `params._meta` (2026-07-28 §2.1):
 * protocol version and client capabilities are required (-32602, flagged as an envelope error),
 * client info is optional, a log level opts into `notifications/message`. A version outside
 * `supported` is -32022 `{ supported, requested }`. `beforeVersionCheck(source, version)` runs
 * between the two (HTTP: the `MCP-Protocol-Version` header of the request `source` must equal the
 * `_meta` version, -32020 first); `source` is passed in so the check needs no closure per call.
 */
export function parseModernEnvelope<S>(
  params: unknown,
  supported: readonly string[],
  beforeVersionCheck?: (source: S, version: string) => void,
  source?: S,
): ProtocolContext {
  const meta = metaOf(params);
  if (!meta) throw envelope('A 2026-07-28 request needs params._meta');
  const version = meta[PROTOCOL_VERSION_META_KEY];
  if (typeof version !== 'string') {
    throw envelope(`params._meta["${PROTOCOL_VERSION_META_KEY}"] is required`);
  }
  if (
    typeof meta[CLIENT_CAPABILITIES_META_KEY] !== 'object' ||
    !meta[CLIENT_CAPABILITIES_META_KEY]
  ) {
    throw envelope(`params._meta["${CLIENT_CAPABILITIES_META_KEY}"] is required`);
  }
  beforeVersionCheck?.(source as S, version);
  if (!supported.includes(version)) throw unsupportedVersion(version, supported);
  const data = isPlainRequestMeta(meta) ? (meta as RequestMetaObject) : checkedMeta(meta);
  // Every member written here, absent ones as undefined: one object shape for every request,
  // where members added when present made up to four, and a map transition per request.
  return {
    protocolVersion: version,
    clientCapabilities: data[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities,
    clientInfo: data[CLIENT_INFO_META_KEY],
    logLevel: data[LOG_LEVEL_META_KEY],
    era: 'modern',
  };
}
