import {
  applicationTypeOf,
  obtainClientRegistration,
} from '../../../../lib/client/auth/client-registration.js';
import type { OAuthFetch } from '../../../../lib/client/auth/discovery/fetch-json.js';
import type { AuthorizationServerMetadata } from '../../../../lib/client/auth/discovery/oauth-metadata.js';

const ISSUER = 'https://as.example.com';
const REDIRECT = 'http://127.0.0.1:8000/callback';

function registrar(answer: Record<string, unknown> = { client_id: 'dcr-client' }, status = 201) {
  const bodies: Array<Record<string, unknown>> = [];
  const fetchFn: OAuthFetch = async (_url, init) => {
    bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return new Response(JSON.stringify(answer), { status });
  };
  return { fetchFn, bodies };
}

const metadata = (
  extra: Partial<AuthorizationServerMetadata> = {},
): AuthorizationServerMetadata => ({
  issuer: ISSUER,
  registration_endpoint: `${ISSUER}/register`,
  ...extra,
});

describe('obtainClientRegistration', () => {
  it('uses pre-registered credentials, choosing basic auth for a secret', async () => {
    const { fetchFn, bodies } = registrar();
    const client = await obtainClientRegistration(fetchFn, ISSUER, metadata(), REDIRECT, {
      client: { clientId: 'pre', clientSecret: 's' },
    });
    expect(client).toMatchObject({
      clientId: 'pre',
      tokenEndpointAuthMethod: 'client_secret_basic',
    });
    expect(bodies).toEqual([]);
  });

  it('never presents a client bound to another issuer: registers instead', async () => {
    const { fetchFn } = registrar();
    const client = await obtainClientRegistration(fetchFn, ISSUER, metadata(), REDIRECT, {
      client: { clientId: 'pre', issuer: 'https://other.example.com' },
    });
    expect(client.clientId).toBe('dcr-client');
  });

  it('uses the Client ID Metadata Document URL when the server supports it', async () => {
    const { fetchFn, bodies } = registrar();
    const client = await obtainClientRegistration(
      fetchFn,
      ISSUER,
      metadata({ client_id_metadata_document_supported: true }),
      REDIRECT,
      { clientMetadataUrl: 'https://app.example.com/client.json' },
    );
    expect(client).toMatchObject({
      clientId: 'https://app.example.com/client.json',
      tokenEndpointAuthMethod: 'none',
    });
    expect(bodies).toEqual([]);
  });

  it('registers dynamically with application_type, grant types and the method the server offers', async () => {
    const { fetchFn, bodies } = registrar({
      client_id: 'c',
      client_secret: 'x',
      token_endpoint_auth_method: 'client_secret_post',
    });
    const client = await obtainClientRegistration(
      fetchFn,
      ISSUER,
      metadata({ token_endpoint_auth_methods_supported: ['client_secret_post'] }),
      REDIRECT,
      {},
    );
    expect(bodies[0]).toMatchObject({
      redirect_uris: [REDIRECT],
      application_type: 'native',
      grant_types: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_method: 'client_secret_post',
    });
    expect(client).toMatchObject({
      clientId: 'c',
      clientSecret: 'x',
      tokenEndpointAuthMethod: 'client_secret_post',
    });
  });

  it('fails with registration_unavailable without DCR or a configured client', async () => {
    await expect(
      obtainClientRegistration(registrar().fetchFn, ISSUER, { issuer: ISSUER }, REDIRECT, {}),
    ).rejects.toMatchObject({ name: 'McpAuthError', code: 'registration_unavailable' });
  });

  it('names the error of a refused registration', async () => {
    const { fetchFn } = registrar({ error: 'invalid_redirect_uri' }, 400);
    await expect(
      obtainClientRegistration(fetchFn, ISSUER, metadata(), REDIRECT, {}),
    ).rejects.toMatchObject({
      code: 'invalid_redirect_uri',
      status: 400,
    });
  });
});

describe('applicationTypeOf', () => {
  it.each([
    ['http://127.0.0.1:1234/callback', 'native'],
    ['http://localhost/cb', 'native'],
    ['http://[::1]:9/cb', 'native'],
    ['com.example.app:/oauth', 'native'],
    ['https://app.example.com/oauth/callback', 'web'],
  ])('%s is %s', (uri, type) => {
    expect(applicationTypeOf(uri)).toBe(type);
  });
});
