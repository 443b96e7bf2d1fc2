import { authInfoFromClaims } from '../../../../lib/server/auth/auth-info-from-claims.js';

describe('authInfoFromClaims', () => {
  it('maps the standard claims, azp as the client when client_id is absent', () => {
    expect(authInfoFromClaims('t', { sub: 's', azp: 'app', scp: ['x'], exp: 9, aud: 'r' })).toEqual(
      {
        token: 't',
        subject: 's',
        clientId: 'app',
        scopes: ['x'],
        expiresAt: 9,
        audience: ['r'],
        claims: { sub: 's', azp: 'app', scp: ['x'], exp: 9, aud: 'r' },
      },
    );
  });

  it('leaves out what the token does not say', () => {
    expect(authInfoFromClaims('t', { sub: 1 })).toEqual({
      token: 't',
      scopes: [],
      audience: [],
      claims: { sub: 1 },
    });
  });
});
