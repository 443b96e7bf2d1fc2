import { bootDemo, type BootedDemo } from './support/boot-demo.js';
import { register } from './support/raw-oauth.js';

describe('McpAuthorizationServerModule: what Dynamic Client Registration refuses (raw HTTP)', () => {
  let demo: BootedDemo;
  beforeAll(async () => {
    demo = await bootDemo('github', { rateLimits: false });
  });
  afterAll(() => demo.close());

  it.each([
    'ws://127.0.0.1/cb',
    'wss://127.0.0.1/cb',
    'view-source:https://x/',
    'myapp:/cb',
    'javascript:alert(1)//',
    'data:text/html,hi',
    'file:///etc/passwd',
    'about:blank',
    'blob:https://x/1',
  ])('refuses the redirect URI %s with invalid_redirect_uri (RFC 8252)', async (uri) => {
    for (const extra of [{}, { application_type: 'native' }]) {
      const { status, body } = await register(demo.issuer, { redirect_uris: [uri], ...extra });
      expect({ status, error: body.error }).toEqual({
        status: 400,
        error: 'invalid_redirect_uri',
      });
      expect(String(body.error_description)).toContain(uri);
    }
  });

  it.each([
    'com.example.app:/cb',
    'com.example.app:/oauth/callback',
    'http://127.0.0.1:4567/cb',
    'http://[::1]/cb',
  ])('control: registers the native redirect URI %s', async (uri) => {
    const { status, body } = await register(demo.issuer, { redirect_uris: [uri] });
    expect(status).toBe(201);
    expect(body.application_type).toBe('native');
  });

  it.each([
    ['jwks_uri', 'https://169.254.169.254/latest/meta-data/jwks'],
    ['jwks_uri', 'https://127.0.0.1:8443/jwks'],
    ['jwks_uri', 'https://10.1.2.3/jwks'],
    ['jwks_uri', 'https://localhost/jwks'],
    ['jwks_uri', 'https://[::1]/jwks'],
    ['jwks_uri', 'https://[::ffff:169.254.169.254]/jwks'],
    ['jwks_uri', 'http://jwks.example.com/keys'],
    ['sector_identifier_uri', 'https://192.168.1.1/sector'],
  ])(
    'refuses %s %s (a fetch the server would make) with invalid_client_metadata',
    async (key, uri) => {
      const { status, body } = await register(demo.issuer, { [key]: uri });
      expect({ status, error: body.error }).toEqual({
        status: 400,
        error: 'invalid_client_metadata',
      });
      expect(String(body.error_description)).toContain(key);
    },
  );
});
