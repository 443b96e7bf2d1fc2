/**
 * One stored record of the authorization server (a code, a token, a grant, a session, a
 * client, an interaction, a signed-in account): an opaque JSON object. `grantId`, `uid` and
 * `userCode` are indexed; `consumed` is set by {@link McpAuthorizationStoreAdapter.consume}.
 */
export type McpAuthorizationRecord = Record<string, unknown> & {
  grantId?: string;
  uid?: string;
  userCode?: string;
  consumed?: unknown;
};

/**
 * Storage of one kind of record (`model`: `AuthorizationCode`, `AccessToken`, `RefreshToken`,
 * `Grant`, `Session`, `Interaction`, `Client`, `McpAccount`, `McpRevokedGrant`, ...). The
 * engine's adapter contract, implemented over SQL by `sqlAuthorizationStore` (one table
 * `(model, id, payload, grant_id, uid, user_code, consumed, expires_at)` with indexes on the three
 * lookups; expired rows never read, deleted by a job). {@link consume} must be one conditional
 * write, so that of several instances redeeming one code at once exactly one wins.
 */
export interface McpAuthorizationStoreAdapter {
  /** Inserts or replaces `id`; `expiresIn` seconds, when given, bounds its life. */
  upsert(id: string, payload: McpAuthorizationRecord, expiresIn?: number): Promise<void>;
  /** The record, or undefined when absent or expired. */
  find(id: string): Promise<McpAuthorizationRecord | undefined>;
  /** The record whose `uid` is `uid` (sessions). */
  findByUid(uid: string): Promise<McpAuthorizationRecord | undefined>;
  /** The record whose `userCode` is `userCode` (device flow; unused here, may return undefined). */
  findByUserCode(userCode: string): Promise<McpAuthorizationRecord | undefined>;
  /**
   * Marks a one-time record (a code, a rotated refresh token) consumed, atomically: sets
   * `consumed` (epoch seconds) only when it is not set yet, and resolves `true` only when this
   * call set it; `false` when the record was already consumed, is absent or expired. Over SQL:
   * `UPDATE records SET consumed = :now WHERE model = :model AND id = :id AND consumed IS NULL
   * AND expires_at > :now`, true when it changed one row. The authorization server refuses the
   * redemption that got `false` (`invalid_grant`) and revokes the grant, as for any replay;
   * anything but a boolean is a server error.
   */
  consume(id: string): Promise<boolean>;
  /** Deletes the record. */
  destroy(id: string): Promise<void>;
  /** Deletes every record of this model that belongs to the grant (revocation, reuse). */
  revokeByGrantId(grantId: string): Promise<void>;
}

/**
 * Where the authorization server keeps its records: a function from a model name to its
 * adapter. `inMemoryAuthorizationStore()` (one process, lost on restart),
 * `redisAuthorizationStore(redis)` (survives restarts, shared by every instance, also on a
 * Redis Cluster) and `sqlAuthorizationStore(dataSource)` (the app's TypeORM database) are built in; the default is a Redis store on the MCP module's `redis`
 * connection when it has one, else the in-memory store.
 */
export type McpAuthorizationStore = (model: string) => McpAuthorizationStoreAdapter;
