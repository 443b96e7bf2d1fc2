/**
 * A cache hint of a 2026-07-28 result (`ttlMs`, `cacheScope`): how long the client may reuse it
 * and whether a shared cache may keep it (`'public'`) or only this caller (`'private'`).
 */
export interface McpCacheHint {
  /** Milliseconds the result stays fresh (integer ≥ 0). */
  ttlMs: number;
  /** `'private'` (only this caller) or `'public'` (any caller). */
  cacheScope: 'public' | 'private';
}

/** Module defaults of the cache hints, per kind of result. Each defaults to `{ ttlMs: 0, cacheScope: 'private' }`. */
export interface McpCacheOptions {
  /** `server/discover`. */
  discover?: McpCacheHint;
  /** `tools/list`, `prompts/list`, `resources/list`, `resources/templates/list`, `skills/list`. */
  lists?: McpCacheHint;
  /** `resources/read` and `skills/get` (a resource's or template's own `cache` wins). */
  resources?: McpCacheHint;
}

/** The safe default: not cached, private. */
export const NO_CACHE: Readonly<McpCacheHint> = Object.freeze({ ttlMs: 0, cacheScope: 'private' });

const LISTS = new Set([
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'skills/list',
]);

/** The kind of cache default a method uses, or undefined when its result is not cacheable. */
export function cacheKindOf(method: string): keyof McpCacheOptions | undefined {
  if (method === 'server/discover') return 'discover';
  // `skills/get` names a `SKILL.md` resource: its hint is that resource's.
  if (method === 'resources/read' || method === 'skills/get') return 'resources';
  return LISTS.has(method) ? 'lists' : undefined;
}

/** What a listed primitive contributes to its list's hint. */
export interface CacheContributor {
  readonly cache?: McpCacheHint;
  readonly visible?: unknown;
}

/**
 * The hint of a list result (the same on every page): the shortest `ttlMs` of its items' hints
 * (an item without one contributes `fallback`), `'private'` when any item is private or is shown
 * per caller (`visible`). An empty list gets `fallback`.
 */
export function listCacheHint(
  items: Iterable<CacheContributor>,
  fallback: McpCacheHint,
): McpCacheHint {
  let ttlMs = Number.POSITIVE_INFINITY;
  let cacheScope: McpCacheHint['cacheScope'] = 'public';
  for (const item of items) {
    const hint = item.cache ?? fallback;
    ttlMs = Math.min(ttlMs, hint.ttlMs);
    if (hint.cacheScope === 'private' || item.visible !== undefined) cacheScope = 'private';
  }
  return ttlMs === Number.POSITIVE_INFINITY ? fallback : { ttlMs, cacheScope };
}
