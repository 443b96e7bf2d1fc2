import type { PrimitiveLookup } from '../registry/registry-view.interface.js';
import {
  cacheKindOf,
  listCacheHint,
  NO_CACHE,
  type CacheContributor,
  type McpCacheHint,
  type McpCacheOptions,
} from '../registry/cache-hints.js';

/**
 * The cache hint of each cacheable 2026-07-28 result: a resource's own hint for
 * `resources/read`, the hint its items give a list (computed once per registry change), the
 * module default otherwise.
 */
export class CacheHintResolver {
  private readonly lists = new Map<string, McpCacheHint>();

  constructor(
    private readonly primitives: PrimitiveLookup,
    private readonly defaults: McpCacheOptions = {},
  ) {
    primitives.changes$.subscribe(() => this.lists.clear());
  }

  /** The hint of a result of `method` (undefined: the result is not cacheable). */
  hintOf(method: string, params: Record<string, unknown>): McpCacheHint | undefined {
    const kind = cacheKindOf(method);
    if (kind === 'lists') return this.listHint(method);
    if (kind === 'resources' && typeof params.uri === 'string') {
      const own =
        this.primitives.resources.get(params.uri)?.cache ??
        this.primitives.matchResourceTemplate(params.uri)?.value.cache;
      if (own) return own;
    }
    return kind ? (this.defaults[kind] ?? NO_CACHE) : undefined;
  }

  private listHint(method: string): McpCacheHint {
    let hint = this.lists.get(method);
    if (!hint) {
      hint = listCacheHint(this.listedItems(method), this.defaults.lists ?? NO_CACHE);
      this.lists.set(method, hint);
    }
    return hint;
  }

  private listedItems(method: string): Iterable<CacheContributor> {
    const { tools, prompts, resources, resourceTemplates, skills } = this.primitives;
    if (method === 'tools/list') return tools.values();
    if (method === 'skills/list') return skills.values();
    if (method === 'prompts/list') return prompts.values();
    return method === 'resources/list' ? resources.values() : resourceTemplates.values();
  }
}
