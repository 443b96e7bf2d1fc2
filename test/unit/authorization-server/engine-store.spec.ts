import { engineStore } from '../../../lib/authorization-server/engine-store.js';
import {
  GrantRevocations,
  REVOKED_GRANT_MODEL,
} from '../../../lib/authorization-server/grant-revocations.js';
import type { McpAuthorizationStore } from '../../../lib/authorization-server/store/authorization-store.interface.js';
import { inMemoryAuthorizationStore } from '../../../lib/authorization-server/store/in-memory-authorization-store.js';

class InvalidGrant extends Error {}
class InvalidRequest extends Error {}

describe('engineStore (the store as oidc-provider sees it)', () => {
  let store: McpAuthorizationStore;
  let revocations: GrantRevocations;
  let view: McpAuthorizationStore;
  beforeEach(async () => {
    store = inMemoryAuthorizationStore();
    revocations = new GrantRevocations(store, 360);
    view = engineStore(store, revocations, { InvalidGrant, InvalidRequest });
    await store('Grant').upsert('g1', { accountId: 'a' }, 600);
    await store('RefreshToken').upsert('r1', { grantId: 'g1' }, 600);
    await store('AuthorizationCode').upsert('c1', { grantId: 'g1' }, 60);
  });

  it('lets the first consume through and refuses the second with invalid_grant, revoking the grant', async () => {
    await expect(view('AuthorizationCode').consume('c1')).resolves.toBe(true);
    await expect(view('AuthorizationCode').consume('c1')).rejects.toThrow(
      new InvalidGrant('authorization code already consumed'),
    );
    expect(await store('Grant').find('g1')).toBeUndefined();
    expect(await store('RefreshToken').find('r1')).toBeUndefined();
    expect(await revocations.isRevoked('g1')).toBe(true);
    expect(await store(REVOKED_GRANT_MODEL).find('g1')).toEqual({ revokedAt: expect.any(Number) });
  });

  it('refuses a lost consume of a record that is no grant source with invalid_request', async () => {
    await store('PushedAuthorizationRequest').upsert('p1', {}, 60);
    await view('PushedAuthorizationRequest').consume('p1');
    await expect(view('PushedAuthorizationRequest').consume('p1')).rejects.toBeInstanceOf(
      InvalidRequest,
    );
    expect(await store('Grant').find('g1')).toBeDefined(); // nothing revoked
  });

  it('lists the grant when the engine revokes its access tokens', async () => {
    expect(await revocations.isRevoked('g1')).toBe(false);
    await view('AccessToken').revokeByGrantId('g1');
    expect(await revocations.isRevoked('g1')).toBe(true);
  });

  it('fails loudly on a store whose consume does not answer a boolean', async () => {
    const old: McpAuthorizationStore = (model) => ({
      ...store(model),
      consume: () => Promise.resolve(undefined as unknown as boolean),
    });
    const loose = engineStore(old, revocations, { InvalidGrant, InvalidRequest });
    await expect(loose('RefreshToken').consume('r1')).rejects.toThrow(/boolean/);
  });
});
