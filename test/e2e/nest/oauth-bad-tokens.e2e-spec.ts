import { exportJWK, generateKeyPair, importJWK, SignJWT, UnsecuredJWT } from 'jose';
import type { AuthorizationServer } from '../../../sample/05-auth/src/oauth/authorization-server.js';
import { modernRequest } from '../support/modern-call.js';
import { jsonBody, postJson, rawId, rpcMessages, type RawResponse } from '../support/raw-http.js';
import type { BootedApp } from './support/nest-app.js';
import { bootOAuthSample, type BootedOAuthSample } from './support/oauth-sample.js';

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

const INITIALIZE = {
  jsonrpc: '2.0',
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'raw', version: '1' },
  },
};

/** The parameters of a `WWW-Authenticate: Bearer k="v", …` value; throws when it is not one. */
function challengeOf(response: RawResponse): Record<string, string> {
  const header = response.headers['www-authenticate'];
  expect(header).toMatch(/^Bearer [a-z_]+="[^"]*"(, [a-z_]+="[^"]*")*$/);
  return Object.fromEntries(
    [...header!.matchAll(/([a-z_]+)="([^"]*)"/g)].map(([, key, value]) => [key, value]),
  );
}

describe('sample/05-auth refuses bad tokens (real authorization server keys and JWKS)', () => {
  let sample: BootedOAuthSample;
  let as: AuthorizationServer;
  let booted: BootedApp;
  let resource: string;
  let metadataUrl: string;
  let asKey: SigningKey;
  let kid: string;

  /** A JWT access token as the authorization server would sign it, with overrides. */
  async function token(
    claims: Record<string, unknown> = {},
    {
      key = asKey,
      keyId = kid,
      exp = '5m',
    }: { key?: SigningKey; keyId?: string; exp?: string | number } = {},
  ): Promise<string> {
    // Every bad token below would be allowed everything if it were accepted.
    return new SignJWT({
      iss: as.issuer,
      aud: resource,
      sub: 'mallory',
      scope: 'notes:read notes:write',
      client_id: 'raw-client',
      ...claims,
    })
      .setProtectedHeader({ alg: 'ES256', kid: keyId, typ: 'at+jwt' })
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(key);
  }

  const bearer = (value: string) => ({ authorization: `Bearer ${value}` });

  async function openSession(scope: string): Promise<{ sessionId: string; auth: string }> {
    const auth = `Bearer ${await token({ scope })}`;
    const response = await postJson(
      booted.url(),
      { ...INITIALIZE, id: rawId() },
      { authorization: auth },
    );
    expect(response.status).toBe(200);
    return { sessionId: response.headers['mcp-session-id'] as string, auth };
  }

  function callTool(session: { sessionId: string }, auth: string, name: string, args = {}) {
    return postJson(
      booted.url(),
      { jsonrpc: '2.0', id: rawId(), method: 'tools/call', params: { name, arguments: args } },
      {
        authorization: auth,
        'mcp-session-id': session.sessionId,
        'mcp-protocol-version': '2025-11-25',
      },
    );
  }

  beforeAll(async () => {
    sample = await bootOAuthSample();
    ({ as, booted, resource } = sample);
    metadataUrl = `${new URL(resource).origin}/.well-known/oauth-protected-resource/mcp`;
    const jwk = as.signingKeys.keys[0]!;
    kid = jwk.kid as string;
    asKey = (await importJWK(jwk, 'ES256')) as SigningKey;
  });
  afterAll(() => sample.close());

  it('accepts a well-formed token of the authorization server (the refusals below are real)', async () => {
    const response = await postJson(
      booted.url(),
      { ...INITIALIZE, id: rawId() },
      bearer(await token()),
    );
    expect(response.status).toBe(200);
  });

  it('answers a request without a token with 401 and a challenge naming the metadata and scope', async () => {
    const response = await postJson(booted.url(), { ...INITIALIZE, id: rawId() });
    expect(response.status).toBe(401);
    expect(challengeOf(response)).toEqual({ resource_metadata: metadataUrl, scope: 'notes:read' });
  });

  const badTokens: Array<[string, () => Promise<string>, RegExp]> = [
    [
      'a token for another audience',
      () => token({ aud: 'http://127.0.0.1:1/other' }),
      /not for this resource/,
    ],
    ['an expired token', () => token({}, { exp: Math.floor(Date.now() / 1000) - 60 }), /expired/],
    ['a token of another issuer', () => token({ iss: 'http://evil.example' }), /another issuer/],
    [
      'a token signed by an unknown key (same kid)',
      async () => token({}, { key: (await generateKeyPair('ES256')).privateKey }),
      /not signed by a key/,
    ],
    [
      'a token signed by an unknown key (unknown kid)',
      async () => token({}, { key: (await generateKeyPair('ES256')).privateKey, keyId: 'rogue' }),
      /not signed by a key/,
    ],
    [
      'an unsigned token (alg: none)',
      async () =>
        new UnsecuredJWT({ scope: 'notes:read notes:write', sub: 'mallory' })
          .setIssuer(as.issuer)
          .setAudience(resource)
          .setIssuedAt()
          .setExpirationTime('5m')
          .encode(),
      /algorithm that is not accepted|malformed/,
    ],
    [
      'an HS256 token keyed with the public key (algorithm confusion)',
      async () => {
        const publicJwk = await exportJWK(
          (await importJWK({ ...as.signingKeys.keys[0]!, d: undefined }, 'ES256')) as SigningKey,
        );
        return new SignJWT({ scope: 'notes:read' })
          .setProtectedHeader({ alg: 'HS256', kid })
          .setIssuer(as.issuer)
          .setAudience(resource)
          .setSubject('mallory')
          .setExpirationTime('5m')
          .sign(new TextEncoder().encode(JSON.stringify(publicJwk)));
      },
      /algorithm that is not accepted/,
    ],
    ['a token that is not a JWT', async () => 'not-a-jwt', /malformed/],
  ];

  it.each(badTokens)(
    'answers %s with 401 invalid_token and never runs the call',
    async (_case, make, reason) => {
      const session = await openSession('notes:read notes:write');
      const bad = await make();
      const refused = await callTool(session, `Bearer ${bad}`, 'add_note', { text: 'injected' });
      expect(refused.status).toBe(401);
      const challenge = challengeOf(refused);
      expect(challenge).toMatchObject({
        resource_metadata: metadataUrl,
        scope: 'notes:read',
        error: 'invalid_token',
      });
      expect(challenge.error_description).toMatch(reason);
      const notes = await callTool(session, session.auth, 'list_notes');
      expect(rpcMessages(notes)[0]).toMatchObject({ result: { structuredContent: { notes: [] } } });
    },
  );

  it.each([
    ['another scheme', `Basic ${Buffer.from('a:b').toString('base64')}`],
    ['Bearer without a token', 'Bearer'],
    ['Bearer with two tokens', 'Bearer abc def'],
    ['a token with characters outside b64token', 'Bearer abc"def'],
  ])(
    'answers a malformed Authorization header (%s) with 401 invalid_request',
    async (_case, authorization) => {
      const response = await postJson(
        booted.url(),
        { ...INITIALIZE, id: rawId() },
        { authorization },
      );
      expect(response.status).toBe(401);
      expect(challengeOf(response)).toMatchObject({
        resource_metadata: metadataUrl,
        error: 'invalid_request',
      });
    },
  );

  it('answers a call needing a scope the token lacks with 403 insufficient_scope (2025 session)', async () => {
    const session = await openSession('notes:read');
    const refused = await callTool(session, session.auth, 'add_note', { text: 'x' });
    expect(refused.status).toBe(403);
    expect(challengeOf(refused)).toMatchObject({
      resource_metadata: metadataUrl,
      scope: 'notes:read notes:write',
      error: 'insufficient_scope',
    });
    expect(jsonBody(refused)).toMatchObject({
      error: { code: -32600, message: 'Insufficient scope: requires notes:write' },
    });
    const notes = await callTool(session, session.auth, 'list_notes');
    expect(rpcMessages(notes)[0]).toMatchObject({ result: { structuredContent: { notes: [] } } });
  });

  it('answers the same on the 2026-07-28 stateless path, and serves the call with the scope', async () => {
    const call = (scope: string) =>
      token({ scope }).then((t) => {
        const { body, headers } = modernRequest('tools/call', {
          name: 'add_note',
          arguments: { text: 'y' },
        });
        return postJson(booted.url(), body, { ...headers, ...bearer(t) });
      });
    const refused = await call('notes:read');
    expect(refused.status).toBe(403);
    expect(challengeOf(refused)).toMatchObject({
      error: 'insufficient_scope',
      scope: 'notes:read notes:write',
    });
    const served = await call('notes:read notes:write');
    expect(served.status).toBe(200);
    expect(rpcMessages(served)[0]).toMatchObject({
      result: { content: [{ text: 'Saved. You have 1 note(s).' }] },
    });
  });

  it('answers a stateless request with a bad token with 401 before anything runs', async () => {
    const { body, headers } = modernRequest('tools/call', {
      name: 'add_note',
      arguments: { text: 'z' },
    });
    const refused = await postJson(booted.url(), body, {
      ...headers,
      ...bearer(await token({ aud: 'x' })),
    });
    expect(refused.status).toBe(401);
    expect(challengeOf(refused)).toMatchObject({ error: 'invalid_token' });
  });
});
