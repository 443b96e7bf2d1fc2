import * as jose from 'jose';
import {
  createClientAssertion,
  privateKeyJwtAuthenticator,
} from '../../../../../lib/client/auth/extensions/client-assertion.js';
import { importSigningKey } from '../../../../../lib/client/auth/extensions/signing-key.js';
import { McpAuthError } from '../../../../../lib/errors/mcp-auth.error.js';

async function es256Pem() {
  const pair = await jose.generateKeyPair('ES256', { extractable: true });
  return { ...pair, pem: await jose.exportPKCS8(pair.privateKey) };
}

describe('client assertions (private_key_jwt, RFC 7523 §2.2, §3)', () => {
  it('signs iss = sub = client id, aud = issuer, iat, exp, jti', async () => {
    const { publicKey, pem } = await es256Pem();
    const key = await importSigningKey(pem, 'ES256');
    const assertion = await createClientAssertion(key, {
      clientId: 'client-1',
      audience: 'https://as.example',
    });
    const { payload, protectedHeader } = await jose.jwtVerify(assertion, publicKey, {
      audience: 'https://as.example',
      issuer: 'client-1',
      subject: 'client-1',
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload.exp! - payload.iat!).toBe(60);
    expect(typeof payload.jti).toBe('string');
  });

  it('the authenticator sends client_id, client_assertion_type and a fresh assertion each time', async () => {
    const { pem } = await es256Pem();
    const authenticate = privateKeyJwtAuthenticator(pem);
    const run = async () => {
      const body = new URLSearchParams();
      const headers: Record<string, string> = {};
      await authenticate(body, headers, {
        tokenEndpoint: new URL('https://as/token'),
        issuer: 'https://as',
        client: { clientId: 'c' },
      });
      return { body: Object.fromEntries(body), headers };
    };
    const [a, b] = [await run(), await run()];
    expect(a.body).toMatchObject({
      client_id: 'c',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    });
    expect(jose.decodeJwt(a.body.client_assertion!).aud).toBe('https://as');
    expect(jose.decodeJwt(a.body.client_assertion!).jti).not.toBe(
      jose.decodeJwt(b.body.client_assertion!).jti,
    );
    expect(a.headers).toEqual({});
  });

  it('imports a private JWK too', async () => {
    const { privateKey } = await jose.generateKeyPair('ES256', { extractable: true });
    const key = await importSigningKey(await jose.exportJWK(privateKey), 'ES256');
    expect(key.alg).toBe('ES256');
  });

  it.each([
    [
      'a PEM that is not a key',
      '-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----',
      'ES256',
    ],
    ['plain text', 'secret', 'ES256'],
    ['a JWK without private part', { kty: 'EC', crv: 'P-256', x: 'AA', y: 'AA' }, 'ES256'],
    ['an object that is no JWK', { hello: 1 }, 'ES256'],
    ['a symmetric algorithm', 'x', 'HS256'],
  ])('refuses %s with McpAuthError invalid_key', async (_label, input, alg) => {
    const refusal = importSigningKey(input as string, alg);
    await expect(refusal).rejects.toBeInstanceOf(McpAuthError);
    await expect(refusal).rejects.toMatchObject({ code: 'invalid_key' });
  });

  it('a malformed key fails the token request, not the set-up, and is tried again next time', async () => {
    const authenticate = privateKeyJwtAuthenticator('not a key');
    const context = {
      tokenEndpoint: new URL('https://as/token'),
      issuer: 'https://as',
      client: { clientId: 'c' },
    };
    await expect(authenticate(new URLSearchParams(), {}, context)).rejects.toMatchObject({
      code: 'invalid_key',
    });
    await expect(authenticate(new URLSearchParams(), {}, context)).rejects.toMatchObject({
      code: 'invalid_key',
    });
  });
});
