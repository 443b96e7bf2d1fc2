import * as jose from 'jose';
import { ClientCredentialsGrant } from '../../../../../lib/client/auth/extensions/client-credentials.grant.js';
import { EnterpriseManagedGrant } from '../../../../../lib/client/auth/extensions/enterprise-managed.grant.js';
import { JwtBearerGrant } from '../../../../../lib/client/auth/extensions/jwt-bearer.grant.js';
import type { McpTokenGrantContext } from '../../../../../lib/client/auth/extensions/token-grant.interface.js';
import type {
  McpTokenRequest,
  McpTokenResponse,
} from '../../../../../lib/client/auth/extensions/token-request.interface.js';
import { McpAuthError } from '../../../../../lib/errors/mcp-auth.error.js';

const ISSUER = 'https://as.example';
const RESOURCE = 'https://mcp.example/mcp';
const JWT = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ3In0.c2ln';
const ID_JAG_TYPE = 'urn:ietf:params:oauth:token-type:id-jag';

/** A grant context whose token requests are answered by `answer` and recorded. */
function context(
  answer: (request: McpTokenRequest) => McpTokenResponse | Promise<McpTokenResponse>,
  scope?: string,
) {
  const requests: McpTokenRequest[] = [];
  const ctx: McpTokenGrantContext = {
    issuer: ISSUER,
    tokenEndpoint: `${ISSUER}/token`,
    resource: RESOURCE,
    scope,
    requestToken: async (request) => {
      requests.push(request);
      return answer(request);
    },
  };
  return { ctx, requests };
}
const token = { access_token: 'at', token_type: 'Bearer' };

describe('ClientCredentialsGrant', () => {
  it('client_secret_basic: grant_type, resource, scope in the body, Basic header', async () => {
    const { ctx, requests } = context(() => token, 'read');
    const grant = new ClientCredentialsGrant({
      authentication: { method: 'client_secret_basic', clientId: 'c', clientSecret: 's' },
    });
    expect(await grant.obtain(ctx)).toBe(token);
    expect(requests[0]).toEqual({
      url: `${ISSUER}/token`,
      params: { grant_type: 'client_credentials', resource: RESOURCE, scope: 'read' },
      headers: { Authorization: `Basic ${Buffer.from('c:s').toString('base64')}` },
    });
  });

  it('private_key_jwt: a verifiable assertion for the issuer; default scope when none discovered', async () => {
    const { publicKey, privateKey } = await jose.generateKeyPair('ES256', { extractable: true });
    const { ctx, requests } = context(() => token);
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
    const params = requests[0]!.params;
    expect(params).toMatchObject({ grant_type: 'client_credentials', scope: 'default' });
    await expect(
      jose.jwtVerify(params.client_assertion!, publicKey, { audience: ISSUER, issuer: 'c' }),
    ).resolves.toBeDefined();
  });

  it('surfaces the token endpoint error unchanged, once', async () => {
    const { ctx, requests } = context(() => {
      throw new McpAuthError('refused', 'invalid_client', 401);
    });
    const grant = new ClientCredentialsGrant({
      authentication: { method: 'client_secret_post', clientId: 'c', clientSecret: 'bad' },
    });
    await expect(grant.obtain(ctx)).rejects.toMatchObject({ code: 'invalid_client', status: 401 });
    expect(requests).toHaveLength(1);
  });
});

describe('JwtBearerGrant (workload identity, RFC 7523 §2.1)', () => {
  it('sends the workload JWT as assertion with client_id for a public client', async () => {
    const { ctx, requests } = context(() => token);
    await new JwtBearerGrant({ assertion: () => JWT, clientId: 'w' }).obtain(ctx);
    expect(requests[0]!.params).toEqual({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: JWT,
      client_id: 'w',
      resource: RESOURCE,
    });
  });

  it.each(['invalid_grant', 'invalid_scope', 'unauthorized_client'])(
    'an %s answer is surfaced without a retry or another grant',
    async (code) => {
      const { ctx, requests } = context(() => {
        throw new McpAuthError(code, code, 400);
      });
      await expect(new JwtBearerGrant({ assertion: JWT }).obtain(ctx)).rejects.toMatchObject({
        code,
      });
      expect(requests).toHaveLength(1);
    },
  );

  it('refuses an assertion that is no JWT before any request', async () => {
    const { ctx, requests } = context(() => token);
    const refusal = new JwtBearerGrant({ assertion: 'not-a-jwt' }).obtain(ctx);
    await expect(refusal).rejects.toBeInstanceOf(McpAuthError);
    await expect(refusal).rejects.toMatchObject({ code: 'invalid_assertion' });
    expect(requests).toEqual([]);
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
  const ID_JAG = 'eyJ0eXAiOiJvYXV0aC1pZC1qYWcrand0In0.eyJzdWIiOiJ1In0.c2ln';

  it('exchanges the ID token for an ID-JAG, then presents it at the authorization server', async () => {
    const { ctx, requests } = context(
      (request) =>
        request.url.startsWith('https://idp')
          ? { access_token: ID_JAG, issued_token_type: ID_JAG_TYPE, token_type: 'N_A' }
          : token,
      'notes',
    );
    expect(await grant().obtain(ctx)).toBe(token);
    expect(requests[0]).toEqual({
      url: 'https://idp.example/token',
      params: {
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        requested_token_type: ID_JAG_TYPE,
        subject_token: JWT,
        subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
        audience: ISSUER,
        resource: RESOURCE,
        scope: 'notes',
        client_id: 'idp-client',
      },
      headers: {},
    });
    expect(requests[1]!.url).toBe(`${ISSUER}/token`);
    expect(requests[1]!.params).toEqual({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: ID_JAG,
      resource: RESOURCE,
      scope: 'notes',
    });
    expect(requests[1]!.headers!.Authorization).toMatch(/^Basic /);
  });

  it('an IdP answer that is not an ID-JAG stops before the authorization server', async () => {
    const { ctx, requests } = context(() => ({
      access_token: 'x',
      token_type: 'Bearer',
      issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
    }));
    await expect(grant().obtain(ctx)).rejects.toMatchObject({ code: 'invalid_token_exchange' });
    expect(requests).toHaveLength(1);
  });

  it('an IdP error is surfaced and the authorization server is never asked', async () => {
    const { ctx, requests } = context(() => {
      throw new McpAuthError('bad id token', 'invalid_grant', 400);
    });
    await expect(grant().obtain(ctx)).rejects.toMatchObject({ code: 'invalid_grant' });
    expect(requests).toHaveLength(1);
  });
});
