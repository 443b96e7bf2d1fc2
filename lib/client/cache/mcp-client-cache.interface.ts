import type { CacheScope } from '../../protocol/schema/index.js';

/** One cached 2026-07-28 result and when it stops being fresh. */
export interface McpCacheEntry {
  /** The result as the server sent it (cache hints included). */
  readonly result: Record<string, unknown>;
  /** Epoch ms after which the entry is stale (received time + `ttlMs`). */
  readonly expiresAt: number;
  /** The result's `cacheScope`. */
  readonly scope: CacheScope;
}

/**
 * Where the client keeps cached list and read results (SEP-2549 cache hints). The default is an
 * in-memory store per client; a shared store (Redis ...) lets several clients share `public`
 * results under one `namespace` while `private` ones stay per `partition` (see
 * {@link McpClientCacheOptions}). Methods may be synchronous or return promises.
 */
export interface McpClientCache {
  /** The entry stored under `key`, stale or not (the client checks `expiresAt`). */
  get(key: string): McpCacheEntry | undefined | Promise<McpCacheEntry | undefined>;
  /** Stores `entry` under `key` (a store may drop it, e.g. when full). */
  set(key: string, entry: McpCacheEntry): void | Promise<void>;
  /** Removes every entry whose key starts with `prefix` (invalidation by method or URI). */
  deleteByPrefix(prefix: string): void | Promise<void>;
}

/**
 * The client option `cache`: caching of 2026-07-28 `tools/list`, `prompts/list`,
 * `resources/list`, `resources/templates/list` (per cursor) and `resources/read` results for their
 * `ttlMs`. Results with `ttlMs` 0 or absent are not stored. Legacy-era results carry no hints and
 * are never cached.
 */
export interface McpClientCacheOptions {
  /** The store. Default: a new in-memory store for this client (at most 500 entries). */
  readonly store?: McpClientCache | undefined;
  /**
   * Key prefix naming the server: clients sharing a `store` and a `namespace` share `public`
   * results. Default: a random value per client (nothing is shared).
   */
  readonly namespace?: string | undefined;
  /**
   * The authorization context (e.g. a hash of the access token or a user id): `private` results
   * are only reused by clients with the same `namespace` and `partition`, never across
   * authorization contexts, as the spec requires. Default: a random value per client.
   */
  readonly partition?: string | undefined;
}
