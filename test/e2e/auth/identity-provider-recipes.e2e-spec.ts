import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { JwtAccessTokenVerifier, type McpAuthOptions } from '../../../lib/index.js';
import type { BootedApp } from '../nest/support/nest-app.js';
import { bootNotesApp } from './support/notes-app.js';
import {
  startJwtIssuerStandIn,
  type IssuerShape,
  type JwtIssuerStandIn,
} from './support/jwt-issuer-stand-in.js';

const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
/** The Entra app registration's client id (a v2 token's `aud`). */
const ENTRA_APP = '6e74172b-be56-4843-9ff4-e66a39bb12e3';

/** One recipe of docs/guide/identity-providers.md with its provider's token shape. */
interface Recipe {
  shape: IssuerShape;
  /** The `auth` option as the guide writes it, for the stand-in's issuer and the MCP URL. */
  auth(issuer: string, resource: string): McpAuthOptions;
  /** The audience the provider puts in a token for the MCP server. */
  audience(resource: string): string;
  /** The scope the endpoint requires, as the provider writes it in the token. */
  scope: string;
  /** The metadata path the keys were found through. */
  discoveredAt(issuer: string): string;
  /**
   * Tokens of the same issuer the endpoint must refuse (401) beside one for another audience,
   * by what they are.
   */
  alsoRefused?: Record<string, (idp: JwtIssuerStandIn, resource: string) => Promise<string>>;
}

/** The guide's shared shape: the issuer as authorization server, a JWT verifier for it. */
const jwtAuth =
  (
    scope: string,
    options: {
      audience?: (resource: string) => string | string[];
      scopeClaims?: readonly string[];
      typ?: string;
    } = {},
  ) =>
  (issuer: string, resource: string): McpAuthOptions => ({
    resource,
    authorizationServers: [issuer],
    requiredScopes: [scope],
    verifier: new JwtAccessTokenVerifier({
      issuer,
      audience: options.audience?.(resource) ?? resource,
      ...(options.scopeClaims !== undefined && { scopeClaims: options.scopeClaims }),
      ...(options.typ !== undefined && { typ: options.typ }),
    }),
  });
const pathOf = (url: string) => new URL(url).pathname.replace(/\/$/, '');

const RECIPES: [string, Recipe][] = [
  [
    'Auth0 (issuer with a trailing slash, aud array with userinfo, scope string + permissions)',
    {
      shape: {
        issuerPath: '/',
        jwksPath: '/.well-known/jwks.json',
        typ: 'JWT',
        claims: (aud, origin) => ({
          sub: 'auth0|6523f1c2a9e0d8b7c4a1e2f3',
          aud: [aud, `${origin}/userinfo`],
          azp: 'mcp-client-id',
          scope: 'openid profile notes:read',
          permissions: ['notes:read'],
        }),
      },
      auth: jwtAuth('notes:read'),
      audience: (resource) => resource,
      scope: 'notes:read',
      discoveredAt: () => '/.well-known/openid-configuration',
    },
  ],
  [
    'Okta (custom authorization server, RFC 8414 metadata, scp array, cid)',
    {
      shape: {
        issuerPath: '/oauth2/default',
        jwksPath: '/oauth2/default/v1/keys',
        rfc8414: true,
        claims: (aud) => ({
          ver: 1,
          jti: 'AT.nXhFt4Lq0n9aA7x2ZqG3',
          sub: 'ada@example.com',
          aud,
          cid: '0oa8f5j3ecb5w3dF35d7',
          uid: '00u1e3d6b8QvLfS0B5d7',
          scp: ['notes:read', 'openid'],
        }),
      },
      auth: jwtAuth('notes:read'),
      audience: (resource) => resource,
      scope: 'notes:read',
      discoveredAt: (issuer) => `/.well-known/oauth-authorization-server${pathOf(issuer)}`,
    },
  ],
  [
    'Entra ID v2 tokens (issuer <tenant>/v2.0, aud the client id, scp string)',
    {
      shape: {
        issuerPath: `/${TENANT}/v2.0`,
        jwksPath: `/${TENANT}/discovery/v2.0/keys`,
        typ: 'JWT',
        claims: (aud) => ({
          ver: '2.0',
          aud,
          tid: TENANT,
          oid: '4b1f0c2e-9d3a-4e6b-8f7c-1a2b3c4d5e6f',
          sub: 'AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ',
          azp: '04b07795-8ddb-461a-bbee-02f9e1bf7b46',
          scp: 'notes.read notes.write',
        }),
      },
      auth: jwtAuth('notes.read', { audience: () => [`api://${ENTRA_APP}`, ENTRA_APP] }),
      audience: () => ENTRA_APP,
      scope: 'notes.read',
      discoveredAt: (issuer) => `${pathOf(issuer)}/.well-known/openid-configuration`,
    },
  ],
  [
    'Entra ID app-only tokens (client credentials: roles, no scp; the guide reads scp and roles)',
    {
      shape: {
        issuerPath: `/${TENANT}/v2.0`,
        jwksPath: `/${TENANT}/discovery/v2.0/keys`,
        typ: 'JWT',
        claims: (aud) => ({
          ver: '2.0',
          aud,
          tid: TENANT,
          oid: '9c2d4e6f-1a3b-4c5d-8e7f-0a1b2c3d4e5f',
          sub: '9c2d4e6f-1a3b-4c5d-8e7f-0a1b2c3d4e5f',
          azp: 'c0ffee00-1234-4abc-9def-0123456789ab',
          azpacr: '1',
          roles: ['notes.read'],
        }),
      },
      auth: jwtAuth('notes.read', {
        audience: () => [`api://${ENTRA_APP}`, ENTRA_APP],
        scopeClaims: ['scp', 'roles'],
      }),
      audience: () => ENTRA_APP,
      scope: 'notes.read',
      discoveredAt: (issuer) => `${pathOf(issuer)}/.well-known/openid-configuration`,
    },
  ],
  [
    'Entra ID v1 tokens (issuer sts-style <tenant>/, aud the Application ID URI)',
    {
      shape: {
        issuerPath: `/${TENANT}/`,
        jwksPath: `/${TENANT}/discovery/keys`,
        typ: 'JWT',
        claims: (aud) => ({
          ver: '1.0',
          aud,
          tid: TENANT,
          oid: '4b1f0c2e-9d3a-4e6b-8f7c-1a2b3c4d5e6f',
          sub: 'l3_roISQU222bULS9yi2k0XpqpOiMz5H3ZACo1GeXA',
          appid: '04b07795-8ddb-461a-bbee-02f9e1bf7b46',
          scp: 'notes.read',
        }),
      },
      auth: jwtAuth('notes.read', { audience: () => [`api://${ENTRA_APP}`, ENTRA_APP] }),
      audience: () => `api://${ENTRA_APP}`,
      scope: 'notes.read',
      discoveredAt: (issuer) => `${pathOf(issuer)}/.well-known/openid-configuration`,
    },
  ],
  [
    'Clerk (Frontend API URL as issuer, RFC 9068 at+jwt OAuth tokens, scp, a session token refused)',
    {
      shape: {
        issuerPath: '',
        jwksPath: '/.well-known/jwks.json',
        rfc8414: true,
        typ: 'at+jwt',
        claims: (aud) => ({
          sub: 'user_2NNEqL2nrIRdJ194ndJqAHwEfxC',
          aud,
          client_id: 'client_2xhFjEI5X2qWRvtV13BzSj8H6Dk',
          jti: 'oat_0ef5a7a33d87ed87ee7954c845d80450',
          scp: ['profile', 'email', 'notes:read'],
        }),
      },
      auth: jwtAuth('notes:read', { typ: 'at+jwt' }),
      audience: (resource) => resource,
      scope: 'notes:read',
      discoveredAt: () => '/.well-known/oauth-authorization-server',
      alsoRefused: {
        // Same issuer and keys, header typ JWT, no aud: what a signed-in browser holds.
        'a Clerk session token': (idp, resource) =>
          idp.sign(
            {
              sub: 'user_2NNEqL2nrIRdJ194ndJqAHwEfxC',
              azp: new URL(resource).origin,
              sid: 'sess_2NNEqPuJ0ZtQgI4gS6o8yzmMdmW',
              v: 2,
            },
            'JWT',
          ),
      },
    },
  ],
  [
    'WorkOS AuthKit (AuthKit domain as issuer, /oauth2/jwks, no typ, scope string, org_id)',
    {
      shape: {
        issuerPath: '',
        jwksPath: '/oauth2/jwks',
        rfc8414: true,
        claims: (aud) => ({
          sub: 'user_01JQ0E27VT3MH79RY0FVA4QBP9',
          aud,
          client_id: 'client_01JP8BD0CZ401TDF9X54NT5ZEK',
          org_id: 'org_01HRDMC6CM357W30QMHMQ96Q0S',
          sid: 'app_consent_01JQ0E27WE4K1RCMH7Q094M1GJ',
          jti: '01JQ0E27ZXE4XNHVP870S6PWYN',
          scope: 'openid profile email offline_access notes:read',
        }),
      },
      auth: jwtAuth('notes:read'),
      audience: (resource) => resource,
      scope: 'notes:read',
      discoveredAt: () => '/.well-known/oauth-authorization-server',
      alsoRefused: {
        // What AuthKit issues when the MCP URL is not set as the resource indicator.
        'a token for the environment client id': (idp) =>
          idp.token('client_01JP8BD0CZ401TDF9X54NT5ZEK'),
      },
    },
  ],
];

/**
 * The resource-server recipes of docs/guide/identity-providers.md (the IdP as the authorization
 * server), each as the guide writes it, against a local stand-in with that provider's issuer
 * layout, key location and token shape: the protected-resource metadata names the issuer, the
 * verifier finds the keys through the provider's metadata, the official SDK client calls a tool
 * with the provider's token (its scope claim in the provider's form), and a token of the same
 * issuer for another audience is refused with 401.
 */
describe.each(RECIPES)('Identity-provider recipe: %s', (_name, recipe) => {
  let idp: JwtIssuerStandIn;
  let app: BootedApp;
  let resource: string;

  beforeAll(async () => {
    idp = await startJwtIssuerStandIn(recipe.shape);
    ({ app, resource } = await bootNotesApp((resource) => recipe.auth(idp.issuer, resource)));
  });
  afterAll(async () => {
    await app?.close();
    await idp?.close();
  });

  it("names the issuer, and the SDK client calls a tool with the provider's token", async () => {
    const metadata = (await (
      await fetch(new URL('/.well-known/oauth-protected-resource/mcp', app.origin))
    ).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({ resource, authorization_servers: [idp.issuer] });

    const accessToken = await idp.token(recipe.audience(resource));
    const client = new Client({ name: 'sdk', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(resource), {
        requestInit: { headers: { authorization: `Bearer ${accessToken}` } },
      }),
    );
    try {
      const result = await client.callTool({ name: 'whoami', arguments: {} });
      const who = result.structuredContent as { subject: string; scopes: string[] };
      expect(who.scopes).toContain(recipe.scope);
      expect(who.subject).toEqual(expect.any(String));
    } finally {
      await client.close();
    }
    expect(idp.metadataRequests).toContain(recipe.discoveredAt(idp.issuer));
  });

  const ping = (accessToken: string) =>
    fetch(resource, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });

  it('refuses a token of the same issuer for another audience (401)', async () => {
    const response = await ping(await idp.token('https://graph.example.com/'));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('not for this resource');
  });

  for (const [what, token] of Object.entries(recipe.alsoRefused ?? {})) {
    it(`refuses ${what} of the same issuer (401)`, async () => {
      const response = await ping(await token(idp, resource));
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toContain('invalid_token');
    });
  }
});
