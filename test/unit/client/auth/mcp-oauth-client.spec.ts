import type { McpHttpAuthChallenge } from '../../../../lib/client/auth/http-auth.interface.js';
import { McpOAuthClient } from '../../../../lib/client/auth/mcp-oauth-client.js';
import type { McpOAuthClientOptions } from '../../../../lib/client/auth/mcp-oauth-client.options.js';
import type { OAuthFetch } from '../../../../lib/client/auth/discovery/fetch-json.js';
import { McpAuthError } from '../../../../lib/errors/mcp-auth.error.js';
import { fakeAuthorizationServer, type FakeAsOptions } from './fake-authorization-server.js';

const SERVER = new URL('https://mcp.example.com/mcp');
const PRM = 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp';

function challenge(status: 401 | 403, params = ''): McpHttpAuthChallenge {
  return {
    status,
    method: 'POST',
    url: SERVER,
    wwwAuthenticate: `Bearer resource_metadata="${PRM}"${params ? `, ${params}` : ''}`,
  };
}

function setup(fake: FakeAsOptions = {}, options: McpOAuthClientOptions = {}) {
  const as = fakeAuthorizationServer(fake);
  const auth = new McpOAuthClient({ interaction: as.interaction, fetch: as.fetchFn, ...options });
  const bearer = async () => (await auth.headersFor({ method: 'POST', url: SERVER })).authorization;
  return { as, auth, bearer };
}

async function failure(promise: Promise<unknown>): Promise<McpAuthError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(McpAuthError);
    return error as McpAuthError;
  }
  throw new Error('expected an McpAuthError');
}

describe('McpOAuthClient: authorization code flow', () => {
  it('sends no header before it has a token, then authorizes on a 401', async () => {
    const { as, auth, bearer } = setup({ issSupported: true });
    expect(await bearer()).toBeUndefined();
    await expect(auth.onChallenge(challenge(401, 'scope="mcp:read"'))).resolves.toBe(true);
    expect(await bearer()).toBe('Bearer token-1');

    const query = as.authorizeRequests[0]!;
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(query.get('resource')).toBe('https://mcp.example.com/mcp');
    expect(query.get('scope')).toBe('mcp:read');
    expect(query.get('client_id')).toBe('as.example.com-client-1');
    const token = as.tokenRequests[0]!;
    expect(token.get('grant_type')).toBe('authorization_code');
    expect(token.get('resource')).toBe('https://mcp.example.com/mcp');
    expect(token.get('code_verifier')).toBeTruthy();
    expect(as.registrations[0]).toMatchObject({
      application_type: 'native',
      redirect_uris: ['http://127.0.0.1:9999/callback'],
      grant_types: expect.arrayContaining(['authorization_code', 'refresh_token']),
    });
  });

  it('refuses PRM for another resource before it contacts any authorization server', async () => {
    const { as, auth } = setup({ prmResource: 'https://evil.example.com/mcp' });
    const error = await failure(auth.onChallenge(challenge(401)));
    expect(error.code).toBe('resource_mismatch');
    expect(as.log).toEqual([`GET ${PRM}`]);
  });

  it('accepts a PRM resource that covers the server URL (sent exactly as published)', async () => {
    const { as, auth } = setup({ prmResource: 'https://mcp.example.com' });
    await auth.onChallenge(challenge(401));
    expect(as.authorizeRequests[0]!.get('resource')).toBe('https://mcp.example.com');
  });

  it('refuses metadata naming another issuer: no authorization request', async () => {
    const { as, auth } = setup({ metadataIssuer: 'https://attacker.example.com' });
    expect((await failure(auth.onChallenge(challenge(401)))).code).toBe('issuer_mismatch');
    expect(as.authorizeRequests).toHaveLength(0);
    expect(as.registrations).toHaveLength(0);
  });

  it('refuses a malformed WWW-Authenticate header', async () => {
    const { as, auth } = setup();
    const error = await failure(
      auth.onChallenge({ ...challenge(401), wwwAuthenticate: 'Bearer scope="unterminated' }),
    );
    expect(error.code).toBe('invalid_www_authenticate');
    expect(as.log).toEqual([]);
  });
});

describe('McpOAuthClient: the authorization response (state, RFC 9207 iss)', () => {
  it.each<[string, FakeAsOptions, string | undefined]>([
    ['advertised and correct', { issSupported: true, issInRedirect: 'correct' }, undefined],
    ['not advertised, not sent', { issInRedirect: 'omit' }, undefined],
    ['advertised but missing', { issSupported: true, issInRedirect: 'omit' }, 'iss_missing'],
    ['another issuer', { issSupported: true, issInRedirect: 'wrong' }, 'iss_mismatch'],
    ['unexpected and wrong', { issInRedirect: 'wrong' }, 'iss_mismatch'],
    [
      'with a trailing slash (no normalisation)',
      { issSupported: true, issInRedirect: 'normalized' },
      'iss_mismatch',
    ],
    ['another state', { wrongState: true }, 'state_mismatch'],
  ])('%s', async (_what, fake, code) => {
    const { as, auth, bearer } = setup(fake);
    if (code === undefined) {
      await auth.onChallenge(challenge(401));
      expect(await bearer()).toBe('Bearer token-1');
      return;
    }
    expect((await failure(auth.onChallenge(challenge(401)))).code).toBe(code);
    expect(as.tokenRequests).toHaveLength(0); // the code never reached the token endpoint
    expect(await bearer()).toBeUndefined();
  });
});

describe('McpOAuthClient: scope selection', () => {
  const scopeOf = async (fake: FakeAsOptions, params = '', options: McpOAuthClientOptions = {}) => {
    const { as, auth } = setup(fake, options);
    await auth.onChallenge(challenge(401, params));
    return as.authorizeRequests[0]!.get('scope');
  };

  it('takes the challenge scope first, then PRM scopes_supported, else omits it', async () => {
    expect(await scopeOf({ prmScopes: ['a', 'b'] }, 'scope="c"')).toBe('c');
    expect(await scopeOf({ prmScopes: ['a', 'b'] })).toBe('a b');
    expect(await scopeOf({})).toBeNull();
  });

  it('adds offline_access only when the authorization server lists it', async () => {
    expect(await scopeOf({ prmScopes: ['a'], asScopes: ['a', 'offline_access'] })).toBe(
      'a offline_access',
    );
    expect(await scopeOf({ prmScopes: ['a'], asScopes: ['a', 'b'] })).toBe('a');
    expect(
      await scopeOf({ prmScopes: ['a'], asScopes: ['a', 'offline_access'] }, '', {
        offlineAccess: false,
      }),
    ).toBe('a');
  });
});

describe('McpOAuthClient: step-up (403 insufficient_scope)', () => {
  it('re-authorizes with the union of the granted and the challenged scopes', async () => {
    const { as, auth, bearer } = setup();
    await auth.onChallenge(challenge(401, 'scope="read"'));
    await expect(
      auth.onChallenge(challenge(403, 'error="insufficient_scope", scope="write"')),
    ).resolves.toBe(true);
    expect(as.authorizeRequests.map((q) => q.get('scope'))).toEqual(['read', 'read write']);
    expect(await bearer()).toBe('Bearer token-2');
  });

  it('gives up when the token already has the challenged scope (no new authorization)', async () => {
    const { as, auth } = setup();
    await auth.onChallenge(challenge(401, 'scope="admin"'));
    const error = await failure(
      auth.onChallenge(challenge(403, 'error="insufficient_scope", scope="admin"')),
    );
    expect(error.code).toBe('insufficient_scope');
    expect(error.status).toBe(403);
    expect(as.authorizeRequests).toHaveLength(1);
  });

  it('stops after maxStepUps step-ups in a row without a successful response', async () => {
    const { as, auth } = setup({}, { maxStepUps: 2 });
    await auth.onChallenge(challenge(401, 'scope="s0"'));
    await auth.onChallenge(challenge(403, 'error="insufficient_scope", scope="s1"'));
    await auth.onChallenge(challenge(403, 'error="insufficient_scope", scope="s2"'));
    const error = await failure(
      auth.onChallenge(challenge(403, 'error="insufficient_scope", scope="s3"')),
    );
    expect(error.message).toMatch(/after 2 step-up/);
    expect(as.authorizeRequests).toHaveLength(3);
  });

  it('counts again after a successful response', async () => {
    const { auth } = setup({}, { maxStepUps: 1 });
    await auth.onChallenge(challenge(401, 'scope="s0"'));
    await auth.onChallenge(challenge(403, 'error="insufficient_scope", scope="s1"'));
    auth.onResponse({ status: 200, url: SERVER, header: () => undefined });
    await expect(
      auth.onChallenge(challenge(403, 'error="insufficient_scope", scope="s2"')),
    ).resolves.toBe(true);
  });

  it('leaves a 403 for another reason to the transport (false)', async () => {
    const { as, auth } = setup();
    await expect(auth.onChallenge(challenge(403, 'error="invalid_token"'))).resolves.toBe(false);
    expect(as.log).toEqual([]);
  });
});

describe('McpOAuthClient: refresh', () => {
  it('refreshes an expiring token before a request, with the resource', async () => {
    const { as, auth, bearer } = setup(
      { refreshTokens: true, expiresIn: 10 },
      { refreshSkewMs: 60_000 },
    );
    await auth.onChallenge(challenge(401));
    expect(await bearer()).toBe('Bearer token-2');
    const refresh = as.tokenRequests[1]!;
    expect(refresh.get('grant_type')).toBe('refresh_token');
    expect(refresh.get('refresh_token')).toBe('refresh-1');
    expect(refresh.get('resource')).toBe('https://mcp.example.com/mcp');
    expect(as.authorizeRequests).toHaveLength(1);
  });

  it('answers a 401 with a refresh instead of a new authorization', async () => {
    const { as, auth, bearer } = setup({ refreshTokens: true });
    await auth.onChallenge(challenge(401));
    await auth.onChallenge(challenge(401, 'error="invalid_token"'));
    expect(await bearer()).toBe('Bearer token-2');
    expect(as.authorizeRequests).toHaveLength(1);
    expect(as.tokenRequests.map((t) => t.get('grant_type'))).toEqual([
      'authorization_code',
      'refresh_token',
    ]);
  });

  it('authorizes anew when the refresh is refused', async () => {
    const { as, auth, bearer } = setup({ refreshTokens: true });
    await auth.onChallenge(challenge(401));
    const tokens = (await (
      auth as unknown as { store: { getTokens(k: string): Promise<{ refreshToken?: string }> } }
    ).store.getTokens(SERVER.href))!;
    tokens.refreshToken = 'revoked';
    await auth.onChallenge(challenge(401));
    expect(as.authorizeRequests).toHaveLength(2);
    expect(await bearer()).toBe('Bearer token-2');
  });
});

describe('McpOAuthClient: authorization server migration', () => {
  it('registers and authorizes at the new server, never presenting the old client there', async () => {
    const a = fakeAuthorizationServer({ issuer: 'https://as-a.example.com' });
    const b = fakeAuthorizationServer({ issuer: 'https://as-b.example.com' });
    let current = a;
    const fetchFn: OAuthFetch = (url, init) =>
      url.href === PRM
        ? current.fetchFn(url, init)
        : (url.host === 'as-a.example.com' ? a : b).fetchFn(url, init);
    const auth = new McpOAuthClient({
      fetch: fetchFn,
      interaction: {
        redirectUri: () => 'http://127.0.0.1:9999/callback',
        authorize: (url, redirect) => current.interaction.authorize(url, redirect),
      },
    });
    await auth.onChallenge(challenge(401));
    current = b;
    await auth.onChallenge(challenge(401));
    expect(b.registrations).toHaveLength(1);
    expect(a.authorizeRequests[0]!.get('client_id')).toBe('as-a.example.com-client-1');
    expect(b.authorizeRequests[0]!.get('client_id')).toBe('as-b.example.com-client-1');
    expect(b.tokenRequests.map((t) => t.get('client_id'))).toEqual(['as-b.example.com-client-1']);
    expect((await auth.headersFor({ method: 'POST', url: SERVER })).authorization).toBe(
      'Bearer token-1',
    );
    expect(auth.discovered?.issuer).toBe('https://as-b.example.com');
  });
});

describe('McpOAuthClient: a 2025-03-26 server without any metadata', () => {
  it('uses the default endpoints at the server origin', async () => {
    const asked: string[] = [];
    const fetchFn: OAuthFetch = async (url) => {
      asked.push(url.href);
      if (url.pathname === '/register') {
        return new Response(JSON.stringify({ client_id: 'legacy' }), { status: 201 });
      }
      if (url.pathname === '/token') {
        return new Response(JSON.stringify({ access_token: 'legacy-token', token_type: 'Bearer' }));
      }
      return new Response('not found', { status: 404 });
    };
    const authorized: URL[] = [];
    const auth = new McpOAuthClient({
      fetch: fetchFn,
      interaction: {
        redirectUri: () => 'http://127.0.0.1:9999/callback',
        authorize: async (url) => {
          authorized.push(url);
          return `http://127.0.0.1:9999/callback?code=c&state=${url.searchParams.get('state')}`;
        },
      },
    });
    await auth.onChallenge({
      status: 401,
      method: 'POST',
      url: SERVER,
      wwwAuthenticate: undefined,
    });
    expect(authorized[0]!.origin + authorized[0]!.pathname).toBe(
      'https://mcp.example.com/authorize',
    );
    expect(asked).toContain('https://mcp.example.com/token');
    expect((await auth.headersFor({ method: 'POST', url: SERVER })).authorization).toBe(
      'Bearer legacy-token',
    );
  });

  it('does not fall back when the server publishes PRM naming an authorization server', async () => {
    const failing = new McpOAuthClient({
      interaction: fakeAuthorizationServer().interaction,
      fetch: async (url, init) =>
        url.host === 'gone.example.com'
          ? new Response('no', { status: 404 })
          : fakeAuthorizationServer({ issuer: 'https://gone.example.com' }).fetchFn(url, init),
    });
    expect((await failure(failing.onChallenge(challenge(401)))).code).toBe('discovery_failed');
  });
});
