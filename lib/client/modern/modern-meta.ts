import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  LOG_LEVEL_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  type ClientCapabilities,
  type Implementation,
  type LoggingLevel,
  type RequestMetaObject,
} from '../../protocol/schema/index.js';

/**
 * The `_meta` every 2026-07-28 request carries (§2.1): protocol version, client capabilities,
 * client info and, when set, the log level. Built once per version/level change, not per request.
 */
export function modernMeta(
  protocolVersion: string,
  capabilities: ClientCapabilities,
  clientInfo: Implementation,
  logLevel: LoggingLevel | undefined,
): RequestMetaObject {
  const meta: RequestMetaObject = {
    [PROTOCOL_VERSION_META_KEY]: protocolVersion,
    [CLIENT_CAPABILITIES_META_KEY]: capabilities,
    [CLIENT_INFO_META_KEY]: clientInfo,
  };
  if (logLevel !== undefined) meta[LOG_LEVEL_META_KEY] = logLevel;
  return meta;
}

/** The `_meta` protocol version of a message's params, when it has one. */
export function metaVersionOf(params: unknown): string | undefined {
  const meta = (params as { _meta?: Record<string, unknown> } | undefined)?._meta;
  const version = meta?.[PROTOCOL_VERSION_META_KEY];
  return typeof version === 'string' ? version : undefined;
}
