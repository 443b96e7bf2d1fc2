import { AuthorizationServerUnavailableError } from '../../../lib/errors/authorization-server-unavailable.error.js';
import { InvalidTokenError } from '../../../lib/errors/invalid-token.error.js';
import { GrantRevocations } from '../../../lib/authorization-server/grant-revocations.js';
import { RevocationAwareVerifier } from '../../../lib/authorization-server/revocation-aware-verifier.js';
import { inMemoryAuthorizationStore } from '../../../lib/authorization-server/store/in-memory-authorization-store.js';
import type { McpAuthorizationStore } from '../../../lib/authorization-server/store/authorization-store.interface.js';
import { authInfoFromClaims } from '../../../lib/server/auth/auth-info-from-claims.js';

/** A JWT verifier stand-in: the token text is the grant id ('' for a token without one). */
const claimsOf = {
  verify: (token: string) =>
    Promise.resolve(authInfoFromClaims(token, token ? { grant_id: token, sub: 'u' } : {})),
};

describe('RevocationAwareVerifier', () => {
  it('passes tokens of live grants and tokens without grant_id, refuses revoked grants', async () => {
    const revocations = new GrantRevocations(inMemoryAuthorizationStore(), 360);
    const verifier = new RevocationAwareVerifier(claimsOf, revocations);
    expect((await verifier.verify('g1')).subject).toBe('u');
    await revocations.list('g1');
    await expect(verifier.verify('g1')).rejects.toThrow(
      new InvalidTokenError('The access token has been revoked'),
    );
    expect((await verifier.verify('g2')).subject).toBe('u');
    expect((await verifier.verify('')).claims).toEqual({});
  });

  it('answers unavailable (503 at the endpoint), never a pass, when the store cannot be read', async () => {
    const broken: McpAuthorizationStore = (model) => ({
      ...inMemoryAuthorizationStore()(model),
      find: () => Promise.reject(new Error('connection refused')),
    });
    const verifier = new RevocationAwareVerifier(claimsOf, new GrantRevocations(broken, 360));
    await expect(verifier.verify('g1')).rejects.toBeInstanceOf(AuthorizationServerUnavailableError);
  });
});
