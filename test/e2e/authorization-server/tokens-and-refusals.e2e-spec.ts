import { randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { oidcUpstream } from '../../../lib/index.js';
import { BrowserUser } from './support/browser-user.js';
import { bootDemo, type BootedDemo } from './support/boot-demo.js';
import { authorizationUrl, pkce, postForm, RAW_REDIRECT, register } from './support/raw-oauth.js';

const CLIENT_ORIGIN = new URL(RAW_REDIRECT).origin;

/** No stack, no source path on a page the user sees. */
function expectNoStack(html: string): void {
  expect(html).not.toMatch(/node_modules|\bat .+\(.+:\d+:\d+\)|Error:/);
}

describe('McpAuthorizationServerModule: tokens, refusals and bad input (raw OAuth on real sockets)', () => {
  let demo: BootedDemo;
  let clientId: string;

  beforeAll(async () => {
    demo = await bootDemo('github', {
      clients: [{ clientId: 'first-party', redirectUris: [RAW_REDIRECT], firstParty: true }],
      registration: {
        policy: (metadata) => {
          if (metadata.client_name === 'blocked') throw new Error('this client is not welcome');
          return metadata;
        },
      },
    });
    const registered = await register(demo.issuer);
    expect(registered.status).toBe(201);
    clientId = String(registered.body.client_id);
  });
  afterAll(() => demo.close());

  const tokenUrl = () => `${demo.issuer}/oauth/token`;

  async function authorize(params: Record<string, string | null> = {}, user = new BrowserUser()) {
    const { verifier, challenge } = pkce();
    const url = authorizationUrl(demo.issuer, {
      client_id: clientId,
      scope: 'notes:read',
      resource: demo.resource,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...params,
    });
    return { ...(await user.walk(url, CLIENT_ORIGIN)), verifier };
  }

  async function codeTokens() {
    const { redirect, verifier } = await authorize();
    const code = redirect!.searchParams.get('code')!;
    const exchange = () =>
      postForm(tokenUrl(), {
        grant_type: 'authorization_code',
        code,
        redirect_uri: RAW_REDIRECT,
        code_verifier: verifier,
        client_id: clientId,
        resource: demo.resource,
      });
    return { first: await exchange(), exchange };
  }

  const refresh = (token: string) =>
    postForm(tokenUrl(), {
      grant_type: 'refresh_token',
      refresh_token: token,
      client_id: clientId,
    });

  it('rotates refresh tokens, and a reused one revokes the whole family', async () => {
    const { first } = await codeTokens();
    expect(first.status).toBe(200);
    const rt1 = String(first.body.refresh_token);
    const second = await refresh(rt1);
    expect(second.status).toBe(200);
    const rt2 = String(second.body.refresh_token);
    expect(rt2).not.toBe(rt1);

    const reused = await refresh(rt1);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
    const afterReuse = await refresh(rt2); // the family is gone
    expect(afterReuse.status).toBe(400);
    expect(afterReuse.body.error).toBe('invalid_grant');
  });

  it('binds the tokens to the DPoP key when the client sends a proof (RFC 9449)', async () => {
    const { redirect, verifier } = await authorize();
    const { publicKey, privateKey } = await generateKeyPair('ES256');
    const jwk = await exportJWK(publicKey);
    const proof = await new SignJWT({ htm: 'POST', htu: tokenUrl(), jti: randomUUID() })
      .setProtectedHeader({ typ: 'dpop+jwt', alg: 'ES256', jwk })
      .setIssuedAt()
      .sign(privateKey);
    const response = await fetch(tokenUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', dpop: proof },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: redirect!.searchParams.get('code')!,
        redirect_uri: RAW_REDIRECT,
        code_verifier: verifier,
        client_id: clientId,
      }),
    });
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(200);
    expect(body.token_type).toBe('DPoP');
    expect(decodeJwt(String(body.access_token)).cnf).toEqual({
      jkt: await calculateJwkThumbprint(jwk),
    });
  });

  it('revokes a refresh token (RFC 7009)', async () => {
    const { first } = await codeTokens();
    const revoked = await postForm(`${demo.issuer}/oauth/revoke`, {
      token: String(first.body.refresh_token),
      client_id: clientId,
    });
    expect(revoked.status).toBe(200);
    const after = await refresh(String(first.body.refresh_token));
    expect(after.body.error).toBe('invalid_grant');
  });

  it('refuses a replayed authorization code', async () => {
    const { first, exchange } = await codeTokens();
    expect(first.status).toBe(200);
    const replay = await exchange();
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
  });

  it('refuses an authorization without PKCE, or with the plain method', async () => {
    for (const params of [
      { code_challenge: null, code_challenge_method: null },
      { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' },
    ]) {
      const { redirect } = await authorize(params);
      expect(redirect!.searchParams.get('error')).toBe('invalid_request');
      expect(redirect!.searchParams.get('iss')).toBe(demo.issuer);
    }
  });

  it('refuses a resource other than the MCP endpoint (invalid_target)', async () => {
    const { redirect } = await authorize({ resource: 'https://elsewhere.example/mcp' });
    expect(redirect!.searchParams.get('error')).toBe('invalid_target');
  });

  it('shows a page, never a redirect, for an unknown client or a redirect URI not registered', async () => {
    const unknown = await authorize({ client_id: 'nobody' });
    expect(unknown.redirect).toBeUndefined();
    expect(unknown.page!.status).toBe(400);
    expect(unknown.page!.html).toContain('invalid_client');
    expectNoStack(unknown.page!.html);

    const mismatch = await authorize({ redirect_uri: 'https://attacker.example/cb' });
    expect(mismatch.redirect).toBeUndefined(); // no open redirect
    expect(mismatch.page!.status).toBe(400);
    expect(mismatch.page!.html).toContain('redirect_uri');
    expectNoStack(mismatch.page!.html);
  });

  it('sends the user back with access_denied when they refuse consent', async () => {
    const { redirect, consents } = await authorize({}, new BrowserUser('deny'));
    expect(consents).toBe(1);
    expect(redirect!.searchParams.get('error')).toBe('access_denied');
    expect(redirect!.searchParams.get('code')).toBeNull();
    expect(redirect!.searchParams.get('iss')).toBe(demo.issuer);
  });

  it('skips the consent page for a pre-registered first-party client', async () => {
    const { redirect, consents } = await authorize({ client_id: 'first-party' });
    expect(consents).toBe(0);
    expect(redirect!.searchParams.get('code')).toEqual(expect.any(String));
  });

  it('applies the registration rules (invalid_redirect_uri) and the policy hook (invalid_client_metadata)', async () => {
    const web = await register(demo.issuer, { redirect_uris: ['http://app.example/cb'] });
    expect(web.status).toBe(400);
    expect(web.body).toMatchObject({ error: 'invalid_redirect_uri' }); // RFC 7591 §3.2.2
    expect(String(web.body.error_description)).toContain('https');

    const blocked = await register(demo.issuer, { client_name: 'blocked' });
    expect(blocked.status).toBe(400);
    expect(blocked.body).toEqual({
      error: 'invalid_client_metadata',
      error_description: 'this client is not welcome',
    });

    const native = await register(demo.issuer, { redirect_uris: ['com.example.app:/callback'] });
    expect(native.status).toBe(201);
    expect(native.body.application_type).toBe('native');
    const scoped = await register(demo.issuer, { scope: 'notes:read' });
    expect(scoped.body.scope).toBeUndefined(); // a registered scope would cap later step-ups
  });
});

describe('McpAuthorizationServerModule: limits and a failing upstream', () => {
  it('answers 429 with Retry-After past the registration budget', async () => {
    const demo = await bootDemo('github', {
      rateLimits: { registration: { limit: 2, windowMs: 60_000 } },
    });
    try {
      expect((await register(demo.issuer)).status).toBe(201);
      expect((await register(demo.issuer)).status).toBe(201);
      const response = await fetch(`${demo.issuer}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(429);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await response.json()).toMatchObject({ error: 'too_many_requests' });
    } finally {
      await demo.close();
    }
  });

  it('signs in at a generic OpenID Connect provider found by discovery', async () => {
    const again = await bootDemo('google', (standIn) => ({
      upstream: oidcUpstream({
        name: 'corp',
        label: 'Corp SSO',
        issuer: standIn.origin,
        clientId: standIn.clientId,
        clientSecret: standIn.clientSecret,
      }),
    }));
    try {
      const clientId = String((await register(again.issuer)).body.client_id);
      const { verifier, challenge } = pkce();
      const { redirect } = await new BrowserUser().walk(
        authorizationUrl(again.issuer, {
          client_id: clientId,
          scope: 'notes:read',
          resource: again.resource,
          code_challenge: challenge,
          code_challenge_method: 'S256',
        }),
        CLIENT_ORIGIN,
      );
      const tokens = await postForm(`${again.issuer}/oauth/token`, {
        grant_type: 'authorization_code',
        code: redirect!.searchParams.get('code')!,
        redirect_uri: RAW_REDIRECT,
        code_verifier: verifier,
        client_id: clientId,
      });
      expect(decodeJwt(String(tokens.body.access_token)).sub).toBe('corp:583231');
    } finally {
      await again.close();
    }
  });

  it('lets mapIdentity cap the scopes of a user and refuse another', async () => {
    const demo = await bootDemo('github', {
      mapIdentity: (identity) => {
        if (identity.username === 'mallory') throw new Error('not in the team');
        return { scopes: ['notes:read'] };
      },
    });
    try {
      const clientId = String((await register(demo.issuer)).body.client_id);
      const walk = () => {
        const { verifier, challenge } = pkce();
        const url = authorizationUrl(demo.issuer, {
          client_id: clientId,
          scope: 'notes:read notes:write',
          resource: demo.resource,
          code_challenge: challenge,
          code_challenge_method: 'S256',
        });
        return new BrowserUser().walk(url, CLIENT_ORIGIN).then((r) => ({ ...r, verifier }));
      };
      const granted = await walk();
      const tokens = await postForm(`${demo.issuer}/oauth/token`, {
        grant_type: 'authorization_code',
        code: granted.redirect!.searchParams.get('code')!,
        redirect_uri: RAW_REDIRECT,
        code_verifier: granted.verifier,
        client_id: clientId,
      });
      expect(tokens.body.scope).toBe('notes:read'); // notes:write asked, not allowed

      demo.upstream.user = { id: '666', login: 'mallory', email: 'm@example.com' };
      const refused = await walk();
      expect(refused.redirect!.searchParams.get('error')).toBe('access_denied');
      expect(refused.redirect!.searchParams.get('error_description')).toBe('not in the team');
    } finally {
      await demo.close();
    }
  });

  it('returns access_denied to the client when the user refuses at the upstream, and refuses a forged state', async () => {
    const demo = await bootDemo('github');
    try {
      const { body } = await register(demo.issuer);
      const url = authorizationUrl(demo.issuer, {
        client_id: String(body.client_id),
        scope: 'notes:read',
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
      });
      const user = new BrowserUser();
      const atGitHub = (await user.walk(url, demo.upstream.origin)).redirect!;
      const callback = (params: Record<string, string>) =>
        new URL(`${demo.issuer}/oauth/callback/github?${new URLSearchParams(params).toString()}`);

      const forged = await user.walk(callback({ code: 'x', state: 'forged' }), CLIENT_ORIGIN);
      expect(forged.page!.status).toBe(400);
      expect(forged.page!.html).toContain('does not belong to a sign-in started in this browser');

      const state = atGitHub.searchParams.get('state')!;
      const refused = await user.walk(callback({ error: 'access_denied', state }), CLIENT_ORIGIN);
      expect(refused.redirect!.searchParams.get('error')).toBe('access_denied');
      expect(refused.redirect!.searchParams.get('iss')).toBe(demo.issuer);
    } finally {
      await demo.close();
    }
  });

  it('shows a clear page, not a stack, when the upstream identity provider is down', async () => {
    const demo = await bootDemo('github');
    try {
      const { body } = await register(demo.issuer);
      await demo.upstream.close(); // GitHub is unreachable from now on
      const { challenge } = pkce();
      const url = authorizationUrl(demo.issuer, {
        client_id: String(body.client_id),
        scope: 'notes:read',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      // The stand-in's authorization URL is on a closed port: the browser would show its own
      // error there. Walk until the redirect to GitHub, then come back as GitHub would have.
      const user = new BrowserUser();
      const stop = await user.walk(url, demo.upstream.origin);
      expect(stop.redirect!.pathname).toBe('/login/oauth/authorize');
      const back = new URL(`${demo.issuer}/oauth/callback/github`);
      back.searchParams.set('code', 'abc');
      back.searchParams.set('state', stop.redirect!.searchParams.get('state')!);
      const result = await user.walk(back, 'http://127.0.0.1:9');
      expect(result.page!.status).toBe(502);
      expect(result.page!.html).toContain('Cannot sign in with GitHub');
      expectNoStack(result.page!.html);
    } finally {
      await demo.close();
    }
  });
});
