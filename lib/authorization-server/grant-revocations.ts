import type {
  McpAuthorizationStore,
  McpAuthorizationStoreAdapter,
} from './store/authorization-store.interface.js';

/** The store model of the revocation list: one record per revoked grant id. */
export const REVOKED_GRANT_MODEL = 'McpRevokedGrant';

/** The JWT access token claim that names the token's grant (set by the engine configuration). */
export const GRANT_ID_CLAIM = 'grant_id';

/** The models whose records belong to a grant and die with it (what the engine's own revocation deletes). */
const GRANT_MODELS = ['AccessToken', 'RefreshToken', 'AuthorizationCode'] as const;

/**
 * The list of revoked grants, kept in the authorization store (so shared by every instance on a
 * shared store): JWT access tokens are never stored, so revoking their grant cannot delete them;
 * the resource server refuses a token whose `grant_id` is listed. An entry lives as long as the
 * longest access token of the grant could (`ttlSeconds`: the access token lifetime plus the
 * verifier's clock tolerance and a margin).
 */
export class GrantRevocations {
  private readonly listed: McpAuthorizationStoreAdapter;

  constructor(
    store: McpAuthorizationStore,
    private readonly ttlSeconds: number,
  ) {
    this.listed = store(REVOKED_GRANT_MODEL);
  }

  /** Lists `grantId` (its access tokens are refused from now on, on every instance). */
  list(grantId: string): Promise<void> {
    const revokedAt = Math.floor(Date.now() / 1000);
    return this.listed.upsert(grantId, { revokedAt }, this.ttlSeconds);
  }

  /** True when `grantId` was revoked (one store read: a Redis `MGET` on the Redis store). */
  async isRevoked(grantId: string): Promise<boolean> {
    return (await this.listed.find(grantId)) !== undefined;
  }

  /**
   * Revokes a whole grant as the engine does on a replay: its access tokens listed (through the
   * store's `AccessToken` adapter), refresh tokens and codes deleted, the grant itself destroyed
   * (so no token is minted for it again and a new authorization makes a new grant).
   * @param store The engine's view of the store (`engineStore`), whose `AccessToken` adapter lists.
   */
  static async revokeGrant(store: McpAuthorizationStore, grantId: string): Promise<void> {
    await Promise.all([
      ...GRANT_MODELS.map((model) => store(model).revokeByGrantId(grantId)),
      store('Grant').destroy(grantId),
    ]);
  }
}
