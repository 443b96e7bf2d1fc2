import type {
  McpAuthorizationStore,
  McpAuthorizationStoreAdapter,
} from './store/authorization-store.interface.js';
import { GrantRevocations } from './grant-revocations.js';
import { forEngine } from './store-outage.js';
import { UPSTREAM_TOKENS_MODEL } from './upstream-tokens/upstream-token-vault.js';

/** The engine's error classes a lost redemption is refused with. */
export interface OneTimeErrors {
  InvalidGrant: new (description?: string) => Error;
  InvalidRequest: new (description?: string) => Error;
}

/** Records redeemed at the token endpoint (`consume` after the grant checks), and their labels. */
const GRANT_SOURCES: Record<string, string> = {
  AuthorizationCode: 'authorization code',
  RefreshToken: 'refresh token',
  DeviceCode: 'device code',
  BackchannelAuthenticationRequest: 'backchannel authentication request',
  PreAuthorizedCode: 'pre-authorized code',
};

/**
 * The store as the engine (`oidc-provider`) sees it, over the configured one:
 *
 * - `consume` refuses the loser. The engine redeems a code or refresh token by `find`, checks of
 *   `consumed`, then `consume()` (`consumeGrantSource` for codes, the refresh grant's rotation);
 *   concurrent redemptions all pass the check. The store's `consume` is atomic and says which
 *   call consumed the record; every other one is treated as the replay it is: the grant is
 *   revoked as the engine's own replay path does (`revoke()`: access tokens, refresh tokens,
 *   codes, the grant) and the request is refused with `invalid_grant` (thrown from `consume`,
 *   which the engine's error handler answers). Any other one-time record (a pushed request)
 *   refused with `invalid_request`.
 * - a store outage (`StoreUnavailableError`) becomes the engine's 503 `temporarily_unavailable`
 *   (`forEngine`), never its 500 `server_error`.
 * - `AccessToken.revokeByGrantId`, which the engine's `revoke()` calls on every revocation
 *   (replayed code, reused refresh token, RFC 7009 revocation), also lists the grant in the
 *   revocation list the resource server reads (JWT access tokens are never stored), and deletes
 *   the kept upstream tokens the grant owns.
 */
export function engineStore(
  store: McpAuthorizationStore,
  revocations: GrantRevocations,
  errors: OneTimeErrors,
): McpAuthorizationStore {
  const view: McpAuthorizationStore = (model) => {
    const inner = store(model);
    const adapter: McpAuthorizationStoreAdapter = {
      upsert: (id, payload, expiresIn) => forEngine(inner.upsert(id, payload, expiresIn)),
      find: (id) => forEngine(inner.find(id)),
      findByUid: (uid) => forEngine(inner.findByUid(uid)),
      findByUserCode: (code) => forEngine(inner.findByUserCode(code)),
      destroy: (id) => forEngine(inner.destroy(id)),
      async consume(id) {
        const won = await forEngine(inner.consume(id));
        if (won === true) return true;
        if (won !== false) {
          throw new Error('McpAuthorizationStore: consume() must resolve with a boolean');
        }
        const label = GRANT_SOURCES[model];
        if (label === undefined) throw new errors.InvalidRequest(`${model} already used`);
        const grantId = (await forEngine(inner.find(id)))?.grantId;
        if (typeof grantId === 'string') await GrantRevocations.revokeGrant(view, grantId);
        throw new errors.InvalidGrant(`${label} already consumed`);
      },
      revokeByGrantId:
        model === 'AccessToken'
          ? async (grantId) => {
              await forEngine(revocations.list(grantId));
              await forEngine(inner.revokeByGrantId(grantId));
              // Kept upstream tokens die with the grant (no engine model of their own).
              await forEngine(store(UPSTREAM_TOKENS_MODEL).revokeByGrantId(grantId));
            }
          : (grantId) => forEngine(inner.revokeByGrantId(grantId)),
    };
    return adapter;
  };
  return view;
}
