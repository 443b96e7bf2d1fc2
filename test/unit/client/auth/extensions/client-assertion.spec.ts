import * as jose from 'jose';
import { ClientAuthenticator } from '../../../../../lib/client/auth/extensions/client-authentication.js';
import { createClientAssertion } from '../../../../../lib/client/auth/extensions/client-assertion.js';
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

  it('the authenticator sends client_assertion_type, a fresh assertion each time, and client_id', async () => {
    const { pem } = await es256Pem();
    const client = new ClientAuthenticator({
      method: 'private_key_jwt',
      clientId: 'c',
      privateKey: pem,
    });
    const [a, b] = [await client.partsFor('https://as'), await client.partsFor('https://as')];
    expect(a.params).toMatchObject({
      client_id: 'c',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    });
    expect(jose.decodeJwt(a.params.client_assertion!).jti).not.toBe(
      jose.decodeJwt(b.params.client_assertion!).jti,
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

  it('a malformed key fails the token request, not the constructor, and is not cached', async () => {
    const client = new ClientAuthenticator({
      method: 'private_key_jwt',
      clientId: 'c',
      privateKey: 'not a key',
    });
    await expect(client.partsFor('https://as')).rejects.toMatchObject({ code: 'invalid_key' });
    await expect(client.partsFor('https://as')).rejects.toMatchObject({ code: 'invalid_key' });
  });
});

describe('client secret authentication', () => {
  it('client_secret_basic form-encodes id and secret before base64 (RFC 6749 §2.3.1)', async () => {
    const client = new ClientAuthenticator({
      method: 'client_secret_basic',
      clientId: 'my client',
      clientSecret: 'p:ss',
    });
    const { headers, params } = await client.partsFor('https://as');
    expect(params).toEqual({});
    const decoded = Buffer.from(headers.Authorization!.slice('Basic '.length), 'base64').toString();
    expect(decoded).toBe('my+client:p%3Ass');
  });

  it('client_secret_post and none put the id (and secret) in the body', async () => {
    const post = new ClientAuthenticator({
      method: 'client_secret_post',
      clientId: 'a',
      clientSecret: 's',
    });
    expect(await post.partsFor('x')).toEqual({
      params: { client_id: 'a', client_secret: 's' },
      headers: {},
    });
    const none = new ClientAuthenticator({ method: 'none', clientId: 'a' });
    expect(await none.partsFor('x')).toEqual({ params: { client_id: 'a' }, headers: {} });
  });
});
