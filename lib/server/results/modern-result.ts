import { SERVER_INFO_META_KEY } from '../../protocol/schema/modern.js';
import { sharedMemberOf } from '../../protocol/shared-json.js';
import type { SizedJson } from '../../protocol/encode-message.js';
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

/**
 * The JSON of the members {@link stampModernResult} adds to a result whose handler set neither
 * `resultType` nor `_meta` and that takes no cache hint, in the order it adds them:
 * `"resultType":"complete","_meta":{"io.modelcontextprotocol/serverInfo":...}`. Encoded once
 * per server with their UTF-8 byte length, so that a reply need neither stringify nor measure them
again (see {@link stampsAsText}).
 */
export function modernStampJson(serverInfo: Readonly<Record<string, unknown>>): SizedJson {
  const text = `"resultType":"complete","_meta":${JSON.stringify(serverInfoOnly(serverInfo))}`;
  return { text, byteLength: Buffer.byteLength(text) };
}

/**
 * True when {@link stampModernResult} would only append the constant members of
 * {@link modernStampJson} to `result` (a plain result without `resultType`, `_meta`, `toJSON`
 * nor shared JSON, no cache hint): its reply is then the result's JSON with those members
 * written after its own, the same text as the stamped object's.
 */
export function stampsAsText(
  result: Record<string, unknown>,
  cache: McpCacheHint | undefined,
): boolean {
  return (
    cache === undefined &&
    !('resultType' in result) &&
    !('_meta' in result) &&
    !('toJSON' in result) &&
    sharedMemberOf(result) === undefined
  );
}
