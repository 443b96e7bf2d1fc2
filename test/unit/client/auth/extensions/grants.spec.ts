import * as jose from 'jose';
import { requestToken } from '../../../../../lib/client/auth/discovery/token-endpoint.js';
import { ClientCredentialsGrant } from '../../../../../lib/client/auth/extensions/client-credentials.grant.js';
import { EnterpriseManagedGrant } from '../../../../../lib/client/auth/extensions/enterprise-managed.grant.js';
import { JwtBearerGrant } from '../../../../../lib/client/auth/extensions/jwt-bearer.grant.js';
import type { McpTokenGrantContext } from '../../../../../lib/client/auth/extensions/token-grant.interface.js';
import { McpAuthError } from '../../../../../lib/errors/mcp-auth.error.js';
import { fakeFetch, json, type SeenRequest } from '../fake-fetch.js';

const ISSUER = 'https://as.example';
const RESOURCE = 'https://mcp.example/mcp';
const JWT = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ3In0.c2ln';
const ID_JAG = 'eyJ0eXAiOiJvYXV0aC1pZC1qYWcrand0In0.eyJzdWIiOiJ1In0.c2ln';
const ID_JAG_TYPE = 'urn:ietf:params:oauth:token-type:id-jag';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const token = { access_token: 'at', token_type: 'Bearer' };

/** A grant context over the real token endpoint call and a scripted server. */
function context(replies: Array<(request: SeenRequest) => Response>, scope?: string) {
  const server = fakeFetch(replies);
  const ctx: McpTokenGrantContext = {
    authorizationServer: { issuer: ISSUER },
    tokenEndpoint: new URL(`${ISSUER}/token`),
    resource: RESOURCE,
    scope,
    requestToken: (request) => requestToken(server.fetch, request),
  };
  const form = (i: number) => Object.fromEntries(new URLSearchParams(server.seen[i]!.body));
  return { ctx, seen: server.seen, form };
}
const ok = () => json(200, token);
const oauthError =
  (error: string, status = 400) =>
  () =>
    json(status, { error });

describe('ClientCredentialsGrant', () => {
  it('client_secret_basic: grant_type, resource, scope in the body, Basic header', async () => {
    const { ctx, seen, form } = context([ok], 'read');
    const grant = new ClientCredentialsGrant({
      authentication: { method: 'client_secret_basic', clientId: 'c', clientSecret: 's' },
    });
    expect(await grant.obtain(ctx)).toEqual(token);
    expect(seen[0]!.url).toBe(`${ISSUER}/token`);
    expect(form(0)).toEqual({
      grant_type: 'client_credentials',
      resource: RESOURCE,
      scope: 'read',
    });
    expect(seen[0]!.headers.get('authorization')).toBe(
      `Basic ${Buffer.from('c:s').toString('base64')}`,
    );
  });

  it('private_key_jwt: a verifiable assertion for the issuer; default scope when none discovered', async () => {
    const { publicKey, privateKey } = await jose.generateKeyPair('ES256', { extractable: true });
    const { ctx, form } = context([ok]);
    const grant = new ClientCredentialsGrant({
      authentication: {
        method: 'private_key_jwt',
        clientId: 'c',
        privateKey: await jose.exportPKCS8(privateKey),
        algorithm: 'ES256',
      },
      scope: 'default',
    });
    await grant.obtain(ctx);
    expect(form(0)).toMatchObject({
      grant_type: 'client_credentials',
      scope: 'default',
      client_id: 'c',
    });
    await expect(
      jose.jwtVerify(form(0).client_assertion!, publicKey, {
        audience: ISSUER,
        issuer: 'c',
        subject: 'c',
      }),
    ).resolves.toBeDefined();
  });

  it('a malformed private key is McpAuthError invalid_key and nothing is sent', async () => {
    const { ctx, seen } = context([ok]);
    const grant = new ClientCredentialsGrant({
      authentication: {
        method: 'private_key_jwt',
        clientId: 'c',
        privateKey: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----',
      },
    });
    await expect(grant.obtain(ctx)).rejects.toMatchObject({ code: 'invalid_key' });
    expect(seen).toEqual([]);
  });

  it('surfaces the token endpoint error as McpAuthError, once', async () => {
    const { ctx, seen } = context([oauthError('invalid_client', 401)]);
    const grant = new ClientCredentialsGrant({
      authentication: { method: 'client_secret_post', clientId: 'c', clientSecret: 'bad' },
    });
    const refusal = grant.obtain(ctx);
    await expect(refusal).rejects.toBeInstanceOf(McpAuthError);
    await expect(refusal).rejects.toMatchObject({ code: 'invalid_client', status: 401 });
    expect(seen).toHaveLength(1);
  });
});

describe('JwtBearerGrant (workload identity, RFC 7523 §2.1)', () => {
  it('sends the workload JWT as assertion with client_id for a public client', async () => {
    const { ctx, form } = context([ok]);
    await new JwtBearerGrant({ assertion: () => JWT, clientId: 'w' }).obtain(ctx);
    expect(form(0)).toEqual({
      grant_type: JWT_BEARER,
      assertion: JWT,
      client_id: 'w',
      resource: RESOURCE,
    });
  });

  it.each(['invalid_grant', 'invalid_scope', 'unauthorized_client'])(
    'an %s answer is surfaced without a retry or another grant',
    async (code) => {
      const { ctx, seen } = context([oauthError(code), ok]);
      await expect(
        new JwtBearerGrant({ assertion: JWT, clientId: 'w' }).obtain(ctx),
      ).rejects.toMatchObject({
        code,
      });
      expect(seen).toHaveLength(1);
    },
  );

  it('refuses an assertion that is no JWT before any request', async () => {
    const { ctx, seen } = context([ok]);
    const refusal = new JwtBearerGrant({ assertion: 'not-a-jwt', clientId: 'w' }).obtain(ctx);
    await expect(refusal).rejects.toBeInstanceOf(McpAuthError);
    await expect(refusal).rejects.toMatchObject({ code: 'invalid_assertion' });
    expect(seen).toEqual([]);
  });
});

describe('EnterpriseManagedGrant (ID-JAG: RFC 8693 at the IdP, RFC 7523 at the AS)', () => {
  const grant = () =>
    new EnterpriseManagedGrant({
      idp: {
        tokenEndpoint: 'https://idp.example/token',
        idToken: JWT,
        authentication: { method: 'none', clientId: 'idp-client' },
      },
      authentication: {
        method: 'client_secret_basic',
        clientId: 'mcp-client',
        clientSecret: 'sec',
      },
    });
  const idJag = () =>
    json(200, { access_token: ID_JAG, issued_token_type: ID_JAG_TYPE, token_type: 'N_A' });

  it('exchanges the ID token for an ID-JAG, then presents it at the authorization server', async () => {
    const { ctx, seen, form } = context([idJag, ok], 'notes');
    expect(await grant().obtain(ctx)).toEqual(token);
    expect(seen[0]!.url).toBe('https://idp.example/token');
    expect(form(0)).toEqual({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      requested_token_type: ID_JAG_TYPE,
      subject_token: JWT,
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      audience: ISSUER,
      resource: RESOURCE,
      scope: 'notes',
      client_id: 'idp-client',
    });
    expect(seen[1]!.url).toBe(`${ISSUER}/token`);
    expect(form(1)).toEqual({
      grant_type: JWT_BEARER,
      assertion: ID_JAG,
      resource: RESOURCE,
      scope: 'notes',
    });
    expect(seen[1]!.headers.get('authorization')).toMatch(/^Basic /);
  });

  it('an IdP answer that is not an ID-JAG stops before the authorization server', async () => {
    const { ctx, seen } = context([
      () =>
        json(200, { ...token, issued_token_type: 'urn:ietf:params:oauth:token-type:access_token' }),
    ]);
    await expect(grant().obtain(ctx)).rejects.toMatchObject({ code: 'invalid_token_exchange' });
    expect(seen).toHaveLength(1);
  });

  it('an IdP error is surfaced and the authorization server is never asked', async () => {
    const { ctx, seen } = context([oauthError('invalid_grant'), ok]);
    await expect(grant().obtain(ctx)).rejects.toMatchObject({ code: 'invalid_grant', status: 400 });
    expect(seen).toHaveLength(1);
  });

  it('an authorization server error after a good exchange is surfaced', async () => {
    const { ctx, seen } = context([idJag, oauthError('invalid_grant')]);
    await expect(grant().obtain(ctx)).rejects.toMatchObject({ code: 'invalid_grant' });
    expect(seen).toHaveLength(2);
  });
});
