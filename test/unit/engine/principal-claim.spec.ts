import { signPrincipalClaim, verifyPrincipalClaim } from '../../../lib/engine/principal-claim.js';

const KEY = { key: 'a-shared-key-of-at-least-32-bytes!!' };
const NOW = 1_800_000_000_000;

describe('principal claims', () => {
  const token = signPrincipalClaim(
    KEY,
    { sub: 'sub:alice', aud: 'weather', user: { sub: 'alice' } },
    NOW,
  );

  it('verifies a claim signed with the shared key for this service', () => {
    expect(verifyPrincipalClaim(KEY, 'weather', token, NOW + 1000)).toEqual({
      sub: 'sub:alice',
      aud: 'weather',
      user: { sub: 'alice' },
      exp: NOW + 30_000,
    });
  });

  it('refuses another key, another audience, an expired or altered claim', () => {
    const other = { key: 'another-key-of-at-least-32-bytes!!!' };
    expect(verifyPrincipalClaim(other, 'weather', token, NOW)).toEqual({
      refused: 'bad signature',
    });
    expect(verifyPrincipalClaim(KEY, 'stock', token, NOW)).toEqual({
      refused: 'claim signed for another service',
    });
    expect(verifyPrincipalClaim(KEY, 'weather', token, NOW + 60_000)).toEqual({
      refused: 'claim expired',
    });
    const [v, payload, mac] = token.split('.');
    const altered = Buffer.from(
      Buffer.from(payload!, 'base64url').toString().replace('alice', 'mallory'),
    ).toString('base64url');
    expect(verifyPrincipalClaim(KEY, 'weather', `${v}.${altered}.${mac}`, NOW)).toEqual({
      refused: 'bad signature',
    });
    expect(verifyPrincipalClaim(KEY, 'weather', 'garbage', NOW)).toEqual({
      refused: 'malformed claim',
    });
  });

  it('refuses to sign with a short key', () => {
    expect(() => signPrincipalClaim({ key: 'short' }, { sub: 's', aud: 'a' })).toThrow(TypeError);
  });
});
