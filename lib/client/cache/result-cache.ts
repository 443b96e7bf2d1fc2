import { randomUUID } from 'node:crypto';
import { canonicalJson } from '../../protocol/canonical-json.js';
import type { JsonRpcNotification } from '../../protocol/json-rpc.js';
import { CacheScopeSchema } from '../../protocol/schema/index.js';
import { InMemoryClientCache } from './in-memory-client-cache.js';
import type {
  McpCacheEntry,
  McpClientCache,
  McpClientCacheOptions,
} from './mcp-client-cache.interface.js';

/** The methods whose 2026-07-28 results carry cache hints and are cached. */
const CACHEABLE = new Set([
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);

/** The cached methods each list-change notification makes stale. */
const STALE_ON: Readonly<Record<string, readonly string[]>> = {
  'notifications/tools/list_changed': ['tools/list'],
  'notifications/prompts/list_changed': ['prompts/list'],
  'notifications/resources/list_changed': ['resources/list', 'resources/templates/list'],
};

const SEP = '\u0000';

/**
 * The client side of SEP-2549: serves a cacheable request from the store while its entry is fresh
 * (`now < received + ttlMs`), otherwise fetches and stores the result when it has `ttlMs > 0` and
 * a valid `cacheScope`. Keys are `namespace, scope part, method, canonical params` (`_meta`
 * left out, the cursor in); `private` results live under the client's partition and are looked up
 * there first. A list-change or resource-update notification (from any listen stream, or a
 * legacy push) deletes the matching entries; a fetch that started before an invalidation is not
 * stored. Store failures never fail a call: they are reported and the server is asked.
 */
export class ResultCache {
  private readonly store?: McpClientCache;
  private readonly publicPrefix: string;
  private readonly privatePrefix: string;
  private generation = 0;

  constructor(
    options: false | McpClientCacheOptions | undefined,
    private readonly report: (error: Error) => void,
    private readonly now: () => number = Date.now,
  ) {
    const namespace = (options && options.namespace) || randomUUID();
    const partition = (options && options.partition) || randomUUID();
    this.publicPrefix = `${namespace}${SEP}public${SEP}`;
    this.privatePrefix = `${namespace}${SEP}private:${partition}${SEP}`;
    if (options !== false) this.store = options?.store ?? new InMemoryClientCache();
  }

  /**
   * The result of `method(params)`: a fresh cached one, or `fetch()`'s (stored when cacheable).
   * `fresh: true` skips the lookup (the answer still refreshes the entry).
   */
  async through(
    method: string,
    params: unknown,
    fresh: boolean | undefined,
    fetch: () => Promise<unknown>,
  ): Promise<unknown> {
    const store = this.store;
    if (!store || !CACHEABLE.has(method)) return fetch();
    const tail = `${method}${SEP}${paramsKey(params)}`;
    if (!fresh) {
      const hit = await this.lookup(store, tail);
      if (hit) return structuredClone(hit.result);
    }
    const generation = this.generation;
    const result = await fetch();
    if (generation === this.generation) await this.keep(store, tail, result);
    return result;
  }

  /** Drops the entries a notification makes stale (call with every checked notification). */
  invalidateOn(notification: JsonRpcNotification): void {
    const store = this.store;
    if (!store) return;
    const uri = notification.params?.uri;
    const tails =
      notification.method === 'notifications/resources/updated' && typeof uri === 'string'
        ? [`resources/read${SEP}${paramsKey({ uri })}`]
        : (STALE_ON[notification.method] ?? []).map((method) => `${method}${SEP}`);
    if (tails.length === 0) return;
    this.generation++;
    for (const tail of tails) {
      for (const prefix of [this.privatePrefix, this.publicPrefix]) {
        this.guard(() => store.deleteByPrefix(prefix + tail));
      }
    }
  }

  private async lookup(store: McpClientCache, tail: string): Promise<McpCacheEntry | undefined> {
    for (const prefix of [this.privatePrefix, this.publicPrefix]) {
      const entry = await this.guard(() => store.get(prefix + tail));
      if (entry && this.now() < entry.expiresAt) return entry;
    }
    return undefined;
  }

  private async keep(store: McpClientCache, tail: string, result: unknown): Promise<void> {
    if (result === null || typeof result !== 'object') return;
    const hints = result as { resultType?: unknown; ttlMs?: unknown; cacheScope?: unknown };
    const scope = CacheScopeSchema.safeParse(hints.cacheScope);
    const ttlMs = hints.ttlMs;
    if (hints.resultType !== undefined && hints.resultType !== 'complete') return;
    if (!scope.success || typeof ttlMs !== 'number' || !(ttlMs > 0)) return;
    const prefix = scope.data === 'private' ? this.privatePrefix : this.publicPrefix;
    const entry = {
      result: structuredClone(result) as Record<string, unknown>,
      expiresAt: this.now() + ttlMs,
    };
    await this.guard(() => store.set(prefix + tail, { ...entry, scope: scope.data }));
  }

  private async guard<T>(operation: () => T | Promise<T>): Promise<T | undefined> {
    try {
      return await operation();
    } catch (error) {
      this.report(error instanceof Error ? error : new Error(String(error)));
      return undefined;
    }
  }
}

/** The part of params that names a result: everything but `_meta`, keys sorted. */
function paramsKey(params: unknown): string {
  if (params === null || typeof params !== 'object') return '{}';
  const { _meta, ...rest } = params as Record<string, unknown>;
  void _meta;
  return canonicalJson(rest);
}
