import type { OAuthFetch } from '../../../../../lib/client/auth/discovery/fetch-json.js';
import { requestToken } from '../../../../../lib/client/auth/discovery/token-endpoint.js';

function tokenEndpoint(status: number, body: unknown) {
  const seen: Array<{ headers: Record<string, string>; body: URLSearchParams }> = [];
  const fetchFn: OAuthFetch = async (_url, init) => {
    seen.push({
      headers: init?.headers as Record<string, string>,
      body: new URLSearchParams(init?.body as string),
    });
    return new Response(JSON.stringify(body), { status });
  };
  return { fetchFn, seen };
}

const base = {
  tokenEndpoint: new URL('https://as.example.com/token'),
  issuer: 'https://as.example.com',
  params: { grant_type: 'authorization_code', code: 'c', resource: 'https://mcp.example.com/mcp' },
  client: { clientId: 'my client', clientSecret: 's3cret:x' },
};

describe('requestToken', () => {
  it('posts a form with client_secret_basic (form-encoded credentials)', async () => {
    const { fetchFn, seen } = tokenEndpoint(200, { access_token: 'a', token_type: 'Bearer' });
    await requestToken(fetchFn, { ...base, method: 'client_secret_basic' });
    const decoded = Buffer.from(seen[0]!.headers.authorization!.slice(6), 'base64').toString();
    expect(decoded).toBe('my+client:s3cret%3Ax');
    expect(seen[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(seen[0]!.body.get('client_secret')).toBeNull();
    expect(seen[0]!.body.get('resource')).toBe('https://mcp.example.com/mcp');
  });

  it('puts the secret in the body with client_secret_post, only the id with none', async () => {
    const { fetchFn, seen } = tokenEndpoint(200, { access_token: 'a', token_type: 'Bearer' });
    await requestToken(fetchFn, { ...base, method: 'client_secret_post' });
    await requestToken(fetchFn, { ...base, method: 'none' });
    expect(seen[0]!.body.get('client_secret')).toBe('s3cret:x');
    expect(seen[1]!.body.get('client_id')).toBe('my client');
    expect(seen[1]!.body.get('client_secret')).toBeNull();
    expect(seen[1]!.headers.authorization).toBeUndefined();
  });

  it('turns an OAuth error answer into McpAuthError naming the error', async () => {
    const { fetchFn } = tokenEndpoint(400, {
      error: 'invalid_grant',
      error_description: 'used code',
    });
    await expect(requestToken(fetchFn, { ...base, method: 'none' })).rejects.toMatchObject({
      name: 'McpAuthError',
      code: 'invalid_grant',
      status: 400,
      message: expect.stringContaining('invalid_grant (used code)'),
    });
  });

  it('refuses an answer without an access token and an unknown auth method', async () => {
    const { fetchFn } = tokenEndpoint(200, { token_type: 'Bearer' });
    await expect(requestToken(fetchFn, { ...base, method: 'none' })).rejects.toMatchObject({
      code: 'token_request_failed',
    });
    await expect(
      requestToken(fetchFn, { ...base, method: 'tls_client_auth' }),
    ).rejects.toMatchObject({
      code: 'unsupported_auth_method',
    });
  });
});
