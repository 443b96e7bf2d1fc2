import { fetchTokenRequester } from '../../../../../lib/client/auth/extensions/post-token-request.js';
import { McpAuthError } from '../../../../../lib/errors/mcp-auth.error.js';
import { fakeFetch, json } from '../fake-fetch.js';

const request = {
  url: 'https://as.example/token',
  params: { grant_type: 'client_credentials', scope: 'a b' },
  headers: { Authorization: 'Basic eDp5' },
};

describe('fetchTokenRequester', () => {
  it('POSTs the form with the extra headers and returns the token answer', async () => {
    const server = fakeFetch([
      () => json(200, { access_token: 't', token_type: 'Bearer', expires_in: 60 }),
    ]);
    const answer = await fetchTokenRequester(server.fetch)(request);
    expect(answer).toEqual({ access_token: 't', token_type: 'Bearer', expires_in: 60 });
    const seen = server.seen[0]!;
    expect(seen.method).toBe('POST');
    expect(seen.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(seen.headers.get('authorization')).toBe('Basic eDp5');
    expect(Object.fromEntries(new URLSearchParams(seen.body))).toEqual(request.params);
  });

  it.each([
    [400, { error: 'invalid_grant', error_description: 'expired' }, 'invalid_grant'],
    [401, { error: 'invalid_client' }, 'invalid_client'],
    [400, { error: 'invalid_scope' }, 'invalid_scope'],
    [500, 'not json', 'token_request_failed'],
  ])(
    'an error answer (HTTP %s) becomes McpAuthError with the OAuth code',
    async (status, body, code) => {
      const server = fakeFetch([() => json(status, body)]);
      const refusal = fetchTokenRequester(server.fetch)(request);
      await expect(refusal).rejects.toBeInstanceOf(McpAuthError);
      await expect(refusal).rejects.toMatchObject({ code, status });
    },
  );

  it('a success answer without access_token or token_type is invalid_token_response', async () => {
    const server = fakeFetch([() => json(200, { token_type: 'Bearer' })]);
    await expect(fetchTokenRequester(server.fetch)(request)).rejects.toMatchObject({
      code: 'invalid_token_response',
    });
  });

  it('a request that cannot be sent is token_request_failed', async () => {
    const failing = () => Promise.reject(new Error('ECONNREFUSED'));
    await expect(fetchTokenRequester(failing)(request)).rejects.toMatchObject({
      code: 'token_request_failed',
    });
  });
});
