import { SERVER_INFO_META_KEY } from '../../protocol/schema/modern.js';
import type { McpCacheHint } from '../registry/cache-hints.js';

/**
 * The `_meta` of a result whose handler set none: a fresh object per result, written as a literal
 * with a constant key (a computed key costs a runtime call per result until the code is
 * optimised); `satisfies` keeps the key equal to {@link SERVER_INFO_META_KEY}.
 */
function serverInfoOnly(serverInfo: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/serverInfo': serverInfo,
  } satisfies Record<typeof SERVER_INFO_META_KEY, unknown>;
}

/**
 * Completes a 2026-07-28 result in place: `resultType: 'complete'` when the handler set none,
 * `_meta["io.modelcontextprotocol/serverInfo"]` (merged over the handler's `_meta`) and, for a
 * complete cacheable result, `ttlMs`/`cacheScope` (a handler's own values win).
 */
export function stampModernResult(
  result: Record<string, unknown>,
  serverInfo: Readonly<Record<string, unknown>>,
  cache: McpCacheHint | undefined,
): Record<string, unknown> {
  result.resultType ??= 'complete';
  const meta = result._meta as Record<string, unknown> | undefined;
  result._meta = meta
    ? { ...meta, [SERVER_INFO_META_KEY]: serverInfo }
    : serverInfoOnly(serverInfo);
  if (cache && result.resultType === 'complete') {
    result.ttlMs ??= cache.ttlMs;
    result.cacheScope ??= cache.cacheScope;
  }
  return result;
}
