import * as jose from 'jose';
import { DpopKey } from '../../../../../lib/client/auth/dpop/dpop-key.js';
import { McpAuthError } from '../../../../../lib/errors/mcp-auth.error.js';

describe('DpopKey', () => {
  it('generates an ES256 pair whose public JWK has no private member', async () => {
    const key = await DpopKey.generate();
    expect(key.alg).toBe('ES256');
    expect(Object.keys(key.publicJwk).sort()).toEqual(['crv', 'kty', 'x', 'y']);
    expect(await key.thumbprint()).toBe(await jose.calculateJwkThumbprint(key.publicJwk));
  });

  it('imports a private JWK and keeps only its public half for the header', async () => {
    const { privateKey } = await jose.generateKeyPair('ES256', { extractable: true });
    const jwk = await jose.exportJWK(privateKey);
    const key = await DpopKey.fromJwk(jwk);
    expect(key.publicJwk).toEqual({ kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y });
  });

  it.each([
    ['no kty', { x: 'a' }],
    ['a public key only', { kty: 'EC', crv: 'P-256', x: 'AAAA', y: 'AAAA' }],
    ['a symmetric key', { kty: 'oct', k: 'c2VjcmV0', d: 'x' }],
    ['garbage members', { kty: 'EC', crv: 'P-256', x: '!!', y: '!!', d: '!!' }],
  ])('refuses a malformed JWK (%s) with McpAuthError invalid_dpop_key', async (_label, jwk) => {
    const refusal = DpopKey.fromJwk(jwk as jose.JWK);
    await expect(refusal).rejects.toBeInstanceOf(McpAuthError);
    await expect(refusal).rejects.toMatchObject({ code: 'invalid_dpop_key' });
  });

  it('refuses a symmetric or unknown algorithm', async () => {
    await expect(DpopKey.generate('HS256')).rejects.toMatchObject({ code: 'invalid_dpop_key' });
    await expect(DpopKey.generate('none')).rejects.toMatchObject({ code: 'invalid_dpop_key' });
  });
});
