/**
 * Injection token of the Redis stores made for the `redis` option (undefined without it). In a
 * file of its own (no imports), so the auth providers can inject it without an import cycle.
 */
export const MCP_REDIS_STORES = Symbol.for('nestjs-mcp:RedisStores');
