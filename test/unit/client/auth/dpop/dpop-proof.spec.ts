import { createHash } from 'node:crypto';
import * as jose from 'jose';
import { DpopKey } from '../../../../../lib/client/auth/dpop/dpop-key.js';
import { createDpopProof } from '../../../../../lib/client/auth/dpop/dpop-proof.js';
import { htuOf } from '../../../../../lib/engine/dpop-claims.js';

describe('createDpopProof (RFC 9449 §4.2)', () => {
  it('signs typ dpop+jwt with the public jwk, and htm, htu, iat, jti, ath, nonce', async () => {
    const key = await DpopKey.generate();
    const proof = await createDpopProof(key, {
      method: 'post',
      url: 'https://rs.example/mcp?x=1#frag',
      accessToken: 'token-123',
      nonce: 'n-1',
    });
    const header = jose.decodeProtectedHeader(proof);
    expect(header).toMatchObject({ typ: 'dpop+jwt', alg: 'ES256' });
    expect(header.jwk).toEqual(key.publicJwk);
    expect(header.jwk).not.toHaveProperty('d');
    const { payload } = await jose.jwtVerify(proof, await jose.importJWK(header.jwk!, 'ES256'));
    expect(payload).toMatchObject({ htm: 'POST', htu: 'https://rs.example/mcp', nonce: 'n-1' });
    expect(payload.ath).toBe(createHash('sha256').update('token-123').digest('base64url'));
    expect(typeof payload.jti).toBe('string');
    expect(Math.abs((payload.iat ?? 0) - Date.now() / 1000)).toBeLessThan(60);
  });

  it('makes a fresh jti each time and leaves ath and nonce out when not given', async () => {
    const key = await DpopKey.generate();
    const target = { method: 'POST', url: 'https://as.example/token' };
    const [a, b] = await Promise.all([createDpopProof(key, target), createDpopProof(key, target)]);
    const first = jose.decodeJwt(a!);
    expect(first.jti).not.toBe(jose.decodeJwt(b!).jti);
    expect(first).not.toHaveProperty('ath');
    expect(first).not.toHaveProperty('nonce');
  });

  it('htu drops query and fragment only', () => {
    expect(htuOf('https://rs.example:8443/a/b?q=1#f')).toBe('https://rs.example:8443/a/b');
  });
});
