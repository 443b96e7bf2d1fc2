import { freePort, startBuiltSample, type RunningSample } from './support/running-sample.js';

import.meta.jest.setTimeout(40_000);

/**
 * sample/11-authorization-server, built and run as users run it (GitHub credentials from the
 * environment): the MCP endpoint asks for a token of the app's own authorization server, whose
 * sign-in sends the browser to GitHub with the app's client id and its callback URL.
 */
describe('sample 11-authorization-server (GitHub sign-in)', () => {
  let sample: RunningSample;

  beforeAll(async () => {
    process.env.GITHUB_CLIENT_ID = 'sample-github-client';
    process.env.GITHUB_CLIENT_SECRET = 'sample-github-secret';
    sample = await startBuiltSample('11-authorization-server', await freePort());
  });
  afterAll(async () => {
    delete process.env.GITHUB_CLIENT_ID;
    delete process.env.GITHUB_CLIENT_SECRET;
    await sample?.close();
  });

  it('challenges, registers a client and sends the user to GitHub', async () => {
    const origin = sample.url.origin;
    const challenge = await fetch(sample.url, { method: 'POST', body: '{}' });
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get('www-authenticate')).toContain(
      `resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
    );
    const registered = (await (
      await fetch(`${origin}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          redirect_uris: ['http://127.0.0.1:9/cb'],
          token_endpoint_auth_method: 'none',
        }),
      })
    ).json()) as { client_id: string };
    const authorize = new URL(`${origin}/oauth/authorize`);
    for (const [key, value] of Object.entries({
      client_id: registered.client_id,
      response_type: 'code',
      redirect_uri: 'http://127.0.0.1:9/cb',
      scope: 'notes:read',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    })) {
      authorize.searchParams.set(key, value);
    }
    let url = authorize;
    let cookie = '';
    for (let hop = 0; hop < 5 && url.origin === origin; hop += 1) {
      const response = await fetch(url, { redirect: 'manual', headers: { cookie } });
      cookie = [cookie, ...response.headers.getSetCookie().map((c) => c.split(';')[0])]
        .filter(Boolean)
        .join('; ');
      url = new URL(response.headers.get('location')!, url);
    }
    expect(url.origin + url.pathname).toBe('https://github.com/login/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe('sample-github-client');
    expect(url.searchParams.get('redirect_uri')).toBe(`${origin}/oauth/callback/github`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  });
});
