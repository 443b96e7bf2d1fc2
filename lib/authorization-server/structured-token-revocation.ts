import type { McpAccessTokenVerifier } from '../server/auth/access-token-verifier.interface.js';
import type { Engine, EngineContext } from './engine.interface.js';
import { GRANT_ID_CLAIM, GrantRevocations } from './grant-revocations.js';
import type { McpAuthorizationStore } from './store/authorization-store.interface.js';

/**
 * RFC 7009 revocation of this server's JWT access tokens. The engine refuses a structured token
 * at its revocation endpoint (`unsupported_token_type`, after it authenticated the client); this
 * takes over exactly that refusal: a token this server signed for this client has its grant
 * revoked (listed, refresh tokens and codes deleted, grant destroyed, as when its refresh token
 * is revoked) and the answer is 200. A token that does not verify, or was issued to another
 * client, is answered 200 with nothing revoked (RFC 7009 §2.2, the engine's `allowedPolicy`).
 */
export function revokeStructuredTokens(
  engine: Engine,
  verifier: McpAccessTokenVerifier,
  store: McpAuthorizationStore,
): void {
  const refused = new WeakSet<object>();
  engine.on('revocation.error', (ctx, error) => {
    if ((error as { error?: string })?.error === 'unsupported_token_type')
      refused.add(ctx as object);
  });
  engine.use(async (ctx: EngineContext, next: () => Promise<void>) => {
    await next();
    if (!refused.has(ctx) || ctx.oidc?.route !== 'revocation') return;
    const client = ctx.oidc.client?.clientId;
    const token = ctx.oidc.params?.token;
    if (client === undefined || typeof token !== 'string') return;
    const claims = await verifier.verify(token).then(
      (info) => info.claims,
      () => undefined, // not ours, expired, malformed: nothing to revoke
    );
    const grantId = claims?.[GRANT_ID_CLAIM];
    if (claims?.client_id === client && typeof grantId === 'string') {
      await GrantRevocations.revokeGrant(store, grantId);
    }
    ctx.status = 200;
    ctx.body = '';
  });
}
