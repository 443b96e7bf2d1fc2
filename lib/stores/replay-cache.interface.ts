/**
 * Remembers one-time ids (DPoP proof `jti`s) for a while, so a second use is caught: in this
 * process ({@link InMemoryReplayCache}) or shared by every instance (`RedisReplayCache`, what
 * the MCP module uses with its `redis` option).
 */
export interface McpReplayCache {
  /**
   * Remembers `key` for `ttlMs`; resolves `true` when it was not remembered yet (first use),
   * `false` when it was (a replay). Atomic: of concurrent claims of one key exactly one is true.
   */
  claim(key: string, ttlMs: number): Promise<boolean>;
}
