import type { McpCacheEntry, McpClientCache } from './mcp-client-cache.interface.js';

/** Default capacity of {@link InMemoryClientCache}. */
export const DEFAULT_CLIENT_CACHE_ENTRIES = 500;

/**
 * The default {@link McpClientCache}: a Map in insertion order; when full, the oldest entry goes.
 */
export class InMemoryClientCache implements McpClientCache {
  private readonly entries = new Map<string, McpCacheEntry>();

  constructor(private readonly maxEntries = DEFAULT_CLIENT_CACHE_ENTRIES) {}

  /** Number of entries held. */
  get size(): number {
    return this.entries.size;
  }

  get(key: string): McpCacheEntry | undefined {
    return this.entries.get(key);
  }

  set(key: string, entry: McpCacheEntry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  deleteByPrefix(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
