import { AuthorizationServerUnavailableError } from '../../../../lib/errors/authorization-server-unavailable.error.js';
import { InvalidTokenError } from '../../../../lib/errors/invalid-token.error.js';
import { IntrospectionTokenVerifier } from '../../../../lib/server/auth/introspection-token-verifier.js';

const RESOURCE = 'https://api.example/mcp';

/** A fetch answering every introspection with `answer`, recording the requests. */
function endpoint(answer: unknown, status = 200) {
  const requests: RequestInit[] = [];
  const fetchFn = (async (_url: string, init: RequestInit) => {
    requests.push(init);
    return new Response(JSON.stringify(answer), { status });
  }) as typeof fetch;
  return { requests, fetchFn };
}

describe('IntrospectionTokenVerifier', () => {
  it('posts the token with client credentials and reads an active answer', async () => {
    const { requests, fetchFn } = endpoint({
      active: true,
      sub: 'ann',
      scope: 'a',
      aud: RESOURCE,
      exp: Date.now() / 1000 + 60,
    });
    const verifier = new IntrospectionTokenVerifier({
      endpoint: 'https://as/introspect',
      clientId: 'rs',
      clientSecret: 'p:w',
      audience: RESOURCE,
      fetch: fetchFn,
    });
    await expect(verifier.verify('tok')).resolves.toMatchObject({ subject: 'ann', scopes: ['a'] });
    const headers = requests[0]!.headers as Record<string, string>;
    expect(headers.authorization).toBe(`Basic ${Buffer.from('rs:p%3Aw').toString('base64')}`);
    expect(requests[0]!.body).toBe('token=tok&token_type_hint=access_token');
  });

  it.each([
    ['inactive', { active: false }, 'The access token is not active'],
    ['active not literally true', { active: 'true' }, 'The access token is not active'],
    ['expired', { active: true, aud: RESOURCE, exp: 1 }, 'The access token has expired'],
    [
      'for another audience',
      { active: true, aud: 'https://other' },
      'The access token is not for this resource',
    ],
    ['without aud', { active: true }, 'The access token is not for this resource'],
  ])('refuses a token that is %s', async (_case, answer, message) => {
    const verifier = new IntrospectionTokenVerifier({
      endpoint: 'https://as/i',
      audience: RESOURCE,
      fetch: endpoint(answer).fetchFn,
    });
    const refusal = await verifier.verify('tok').catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(InvalidTokenError);
    expect((refusal as Error).message).toBe(message);
  });

  it('checks the issuer when configured', async () => {
    const verifier = new IntrospectionTokenVerifier({
      endpoint: 'https://as/i',
      issuer: 'https://as',
      fetch: endpoint({ active: true, iss: 'https://x' }).fetchFn,
    });
    await expect(verifier.verify('tok')).rejects.toThrow(
      'The access token was issued by another issuer',
    );
  });

  it('fails (not a token refusal) when the endpoint errs or answers no object', async () => {
    const failing = new IntrospectionTokenVerifier({
      endpoint: 'https://as/i',
      fetch: endpoint({}, 500).fetchFn,
    });
    const error = await failing.verify('tok').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthorizationServerUnavailableError);
    expect((error as Error).cause).toMatchObject({
      message: expect.stringMatching(/answered 500/),
    });
    const odd = new IntrospectionTokenVerifier({
      endpoint: 'https://as/i',
      fetch: endpoint([1]).fetchFn,
    });
    const oddError = await odd.verify('tok').catch((e: unknown) => e);
    expect(oddError).toBeInstanceOf(AuthorizationServerUnavailableError);
    expect((oddError as Error).cause).toMatchObject({
      message: expect.stringMatching(/did not answer a JSON object/),
    });
  });
});
