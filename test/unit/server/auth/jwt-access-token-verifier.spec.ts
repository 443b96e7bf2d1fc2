import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { AuthorizationServerUnavailableError } from '../../../../lib/errors/authorization-server-unavailable.error.js';
import { InvalidTokenError } from '../../../../lib/errors/invalid-token.error.js';
import { JwtAccessTokenVerifier } from '../../../../lib/server/auth/jwt-access-token-verifier.js';

const ISSUER = 'https://as.example';
const AUDIENCE = 'https://api.example/mcp';

describe('JwtAccessTokenVerifier', () => {
  let keys: Awaited<ReturnType<typeof generateKeyPair>>;
  let verifier: JwtAccessTokenVerifier;

  const sign = (
    claims: Record<string, unknown> = {},
    key = keys.privateKey,
    exp: number | string = '5m',
  ) =>
    new SignJWT({ iss: ISSUER, aud: AUDIENCE, sub: 'ann', scope: 'a b', client_id: 'c', ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(key);

  beforeAll(async () => {
    keys = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'ES256' };
    verifier = new JwtAccessTokenVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      jwks: { keys: [jwk] },
      clockToleranceSeconds: 0,
    });
  });

  it('verifies a token and reads subject, client, scopes, expiry and audience', async () => {
    const token = await sign();
    const info = await verifier.verify(token);
    expect(info).toMatchObject({
      token,
      subject: 'ann',
      clientId: 'c',
      scopes: ['a', 'b'],
      audience: [AUDIENCE],
    });
    expect(info.expiresAt).toEqual(expect.any(Number));
  });

  it.each([
    [
      'another audience',
      () => sign({ aud: 'https://other' }),
      'The access token is not for this resource',
    ],
    [
      'another issuer',
      () => sign({ iss: 'https://evil' }),
      'The access token was issued by another issuer',
    ],
    [
      'an expired token',
      () => sign({}, undefined, Math.floor(Date.now() / 1000) - 10),
      'The access token has expired',
    ],
    [
      'a token without exp',
      () =>
        new SignJWT({ iss: ISSUER, aud: AUDIENCE })
          .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
          .sign(keys.privateKey),
      "The access token's exp claim is invalid",
    ],
    [
      'an unknown key',
      async () => sign({}, (await generateKeyPair('ES256')).privateKey),
      'The access token is not signed by a key of the authorization server',
    ],
    [
      'alg none',
      async () => new UnsecuredJWT({ iss: ISSUER, aud: AUDIENCE }).setExpirationTime('5m').encode(),
      'The access token is signed with an algorithm that is not accepted',
    ],
    ['garbage', async () => 'a.b.c', 'The access token is malformed'],
  ])('refuses %s with an InvalidTokenError', async (_case, make, message) => {
    const refusal = await verifier.verify(await make()).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(InvalidTokenError);
    expect((refusal as Error).message).toBe(message);
  });

  it('never accepts none in the algorithms allow-list', () => {
    expect(
      () =>
        new JwtAccessTokenVerifier({
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['ES256', 'none'],
        }),
    ).toThrow(/never none/);
    expect(
      () => new JwtAccessTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, algorithms: [] }),
    ).toThrow(/never none/);
  });

  it('finds the JWKS through the issuer metadata and retries discovery after a failure', async () => {
    let calls = 0;
    const fetchFn = (async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('fetch failed');
      return new Response(JSON.stringify({ issuer: 'https://other-issuer' }), { status: 200 });
    }) as typeof fetch;
    const discovering = new JwtAccessTokenVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      fetch: fetchFn,
    });
    const unreachable = await discovering.verify(await sign()).catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(AuthorizationServerUnavailableError);
    expect((unreachable as Error).cause).toMatchObject({ message: 'fetch failed' });
    const foreign = await discovering.verify(await sign()).catch((e: unknown) => e);
    expect(foreign).toBeInstanceOf(AuthorizationServerUnavailableError);
    expect((foreign as Error).cause).toMatchObject({
      message: expect.stringMatching(/names issuer https:\/\/other-issuer/),
    });
    expect(calls).toBe(2);
  });
});
