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
 * `Grant`, `Session`, `Interaction`, `Client`, `McpAccount`, ...). The engine's adapter contract:
 * implement it over SQL by one table `(model, id, payload json, grant_id, uid, user_code,
 * expires_at)` with indexes on the three lookups, deleting expired rows on read or by a job.
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
  /** Marks the record consumed (`consumed` = epoch seconds): codes, rotated refresh tokens. */
  consume(id: string): Promise<void>;
  /** Deletes the record. */
  destroy(id: string): Promise<void>;
  /** Deletes every record of this model that belongs to the grant (revocation, reuse). */
  revokeByGrantId(grantId: string): Promise<void>;
}

/**
 * Where the authorization server keeps its records: a function from a model name to its
 * adapter. `inMemoryAuthorizationStore()` (the default, one process, lost on restart) and
 * `redisAuthorizationStore(redis)` (survives restarts, shared by every instance) are built in.
 */
export type McpAuthorizationStore = (model: string) => McpAuthorizationStoreAdapter;
