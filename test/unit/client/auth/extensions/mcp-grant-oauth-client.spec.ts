import * as jose from 'jose';
import { withDpop } from '../../../../../lib/client/auth/dpop/with-dpop.js';
import { ClientCredentialsGrant } from '../../../../../lib/client/auth/extensions/client-credentials.grant.js';
import { McpGrantOAuthClient } from '../../../../../lib/client/auth/extensions/mcp-grant-oauth-client.js';
import type { OAuthFetch } from '../../../../../lib/client/auth/discovery/fetch-json.js';
import { McpAuthError } from '../../../../../lib/errors/mcp-auth.error.js';
import { fakeFetch, json, type SeenRequest } from '../fake-fetch.js';

const MCP = new URL('https://mcp.example/mcp');
const AS = 'https://as.example';
const challenge = {
  status: 401 as const,
  method: 'POST',
  url: MCP,
  wwwAuthenticate:
    'Bearer resource_metadata="https://mcp.example/.well-known/oauth-protected-resource/mcp", scope="notes:read"',
};
const basic = () =>
  new ClientCredentialsGrant({
    authentication: { method: 'client_secret_basic', clientId: 'svc', clientSecret: 's' },
  });

/** PRM, AS metadata and a token endpoint answering `token(request)`. */
function authorizationServer(
  token: (request: SeenRequest) => Response,
  metadata: Record<string, unknown> = {},
) {
  return fakeFetch([
    (request) => {
      if (request.url.includes('oauth-protected-resource')) {
        return json(200, { resource: MCP.href, authorization_servers: [AS] });
      }
      if (request.url.includes('/.well-known/')) {
        return json(200, {
          issuer: AS,
          token_endpoint: `${AS}/token`,
          grant_types_supported: ['client_credentials'],
          ...metadata,
        });
      }
      return token(request);
    },
  ]);
}
const tokenRequests = (seen: SeenRequest[]) => seen.filter((r) => r.url === `${AS}/token`);

describe('McpGrantOAuthClient', () => {
  it('on a 401 discovers, runs the grant for the resource and the challenged scope, then presents the token', async () => {
    const server = authorizationServer(() =>
      json(200, { access_token: 'cc-1', token_type: 'Bearer' }),
    );
    const auth = new McpGrantOAuthClient({ grant: basic(), fetch: server.fetch });
    expect(await auth.headersFor({ method: 'POST', url: MCP })).toEqual({});
    expect(await auth.onChallenge(challenge)).toBe(true);
    expect(await auth.headersFor({ method: 'POST', url: MCP })).toEqual({
      authorization: 'Bearer cc-1',
    });
    const [request] = tokenRequests(server.seen);
    expect(Object.fromEntries(new URLSearchParams(request!.body))).toEqual({
      grant_type: 'client_credentials',
      resource: MCP.href,
      scope: 'notes:read',
    });
  });

  it('refuses an authorization server that does not offer the grant, before any token request', async () => {
    const server = authorizationServer(() => json(200, {}), {
      grant_types_supported: ['authorization_code'],
    });
    const auth = new McpGrantOAuthClient({ grant: basic(), fetch: server.fetch });
    const refusal = auth.onChallenge(challenge);
    await expect(refusal).rejects.toBeInstanceOf(McpAuthError);
    await expect(refusal).rejects.toMatchObject({ code: 'unsupported_grant_type' });
    expect(tokenRequests(server.seen)).toEqual([]);
  });

  it('a token endpoint error reaches the request as McpAuthError, once', async () => {
    const server = authorizationServer(() =>
      json(401, { error: 'invalid_client', error_description: 'bad secret' }),
    );
    const auth = new McpGrantOAuthClient({ grant: basic(), fetch: server.fetch });
    await expect(auth.onChallenge(challenge)).rejects.toMatchObject({
      code: 'invalid_client',
      status: 401,
    });
    expect(tokenRequests(server.seen)).toHaveLength(1);
  });

  it('under withDpop: a proof on the token request, and DPoP tokens presented with a proof bound to them', async () => {
    const server = authorizationServer(() =>
      json(200, { access_token: 'dpop-1', token_type: 'DPoP' }),
    );
    const auth = withDpop(
      (fetch: OAuthFetch) => new McpGrantOAuthClient({ grant: basic(), fetch }),
      {
        fetch: server.fetch,
      },
    );
    expect(await auth.onChallenge(challenge)).toBe(true);
    const tokenProof = tokenRequests(server.seen)[0]!.headers.get('dpop')!;
    expect(jose.decodeJwt(tokenProof)).toMatchObject({ htm: 'POST', htu: `${AS}/token` });
    const headers = await auth.headersFor({ method: 'POST', url: MCP });
    expect(headers.Authorization).toBe('DPoP dpop-1');
    const proof = jose.decodeJwt(headers.DPoP!);
    expect(proof).toMatchObject({ htm: 'POST', htu: MCP.href });
    expect(typeof proof.ath).toBe('string');
    // the same key signs both proofs
    expect(jose.decodeProtectedHeader(headers.DPoP!).jwk).toEqual(
      jose.decodeProtectedHeader(tokenProof).jwk,
    );
  });

  it('under withDpop a malformed DPoP key fails the authorization with McpAuthError invalid_dpop_key', async () => {
    const server = authorizationServer(() => json(200, { access_token: 'x', token_type: 'DPoP' }));
    const auth = withDpop(
      (fetch: OAuthFetch) => new McpGrantOAuthClient({ grant: basic(), fetch }),
      {
        fetch: server.fetch,
        key: { kty: 'EC', crv: 'P-256', x: 'AA', y: 'AA' }, // public only
      },
    );
    const refusal = auth.onChallenge(challenge);
    await expect(refusal).rejects.toBeInstanceOf(McpAuthError);
    await expect(refusal).rejects.toMatchObject({ code: 'invalid_dpop_key' });
    expect(tokenRequests(server.seen)).toEqual([]);
  });
});
