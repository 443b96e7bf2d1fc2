import { SERVER_INFO_META_KEY } from '../../protocol/schema/modern.js';
import type { McpCacheHint } from '../registry/cache-hints.js';

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
    : { [SERVER_INFO_META_KEY]: serverInfo };
  if (cache && result.resultType === 'complete') {
    result.ttlMs ??= cache.ttlMs;
    result.cacheScope ??= cache.cacheScope;
  }
  return result;
}
