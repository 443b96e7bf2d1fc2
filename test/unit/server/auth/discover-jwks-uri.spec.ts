import {
  authorizationServerMetadataUrls,
  discoverJwksUri,
} from '../../../../lib/server/auth/discover-jwks-uri.js';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('discoverJwksUri', () => {
  it('tries RFC 8414 first, then OpenID Discovery (both path forms)', () => {
    expect(authorizationServerMetadataUrls('https://as.example/tenant')).toEqual([
      'https://as.example/.well-known/oauth-authorization-server/tenant',
      'https://as.example/.well-known/openid-configuration/tenant',
      'https://as.example/tenant/.well-known/openid-configuration',
    ]);
  });

  it('falls back to OpenID Discovery and returns jwks_uri', async () => {
    const asked: string[] = [];
    const fetchFn = (async (url: string) => {
      asked.push(url);
      return url.includes('openid-configuration')
        ? json(200, { issuer: 'https://as.example', jwks_uri: 'https://as.example/jwks' })
        : json(404, {});
    }) as typeof fetch;
    await expect(discoverJwksUri('https://as.example', fetchFn)).resolves.toBe(
      'https://as.example/jwks',
    );
    expect(asked).toHaveLength(2);
  });

  it('refuses metadata naming another issuer', async () => {
    const fetchFn = (async () =>
      json(200, { issuer: 'https://evil', jwks_uri: 'https://evil/jwks' })) as typeof fetch;
    await expect(discoverJwksUri('https://as.example', fetchFn)).rejects.toThrow(
      /names issuer https:\/\/evil/,
    );
  });

  it('fails when no metadata is found', async () => {
    const fetchFn = (async () => json(404, {})) as typeof fetch;
    await expect(discoverJwksUri('https://as.example', fetchFn)).rejects.toThrow(
      /No authorization server metadata/,
    );
  });
});
