import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { JwtAccessTokenVerifier } from '../../../lib/index.js';
import type { BootedApp } from '../nest/support/nest-app.js';
import { bootNotesApp } from './support/notes-app.js';
import {
  KEYCLOAK_CLIENT,
  startKeycloakStandIn,
  type KeycloakStandIn,
} from './support/keycloak-stand-in.js';

/**
 * The Keycloak recipe of docs/guide/identity-providers.md, as written there, against a stand-in
 * with Keycloak's URL layout and token shape: the resource metadata names the realm, the
 * verifier finds the realm's keys through its OpenID discovery (the only metadata Keycloak
 * serves for a realm) and takes its `typ: JWT` RS256 tokens whose `aud` the Audience mapper
 * extended with the MCP URL; the official SDK client calls a tool as the token's subject. A token
 * without the mapper (`aud: account`) is refused as not for this resource.
 */
describe('Keycloak as the authorization server (identity-provider recipe)', () => {
  let keycloak: KeycloakStandIn;
  let app: BootedApp;
  let resource: string;

  beforeAll(async () => {
    keycloak = await startKeycloakStandIn('mcp');
    const realm = keycloak.issuer;
    ({ app, resource } = await bootNotesApp((resource) => ({
      resource,
      authorizationServers: [realm],
      scopesSupported: ['notes:read', 'notes:write'],
      requiredScopes: ['notes:read'],
      // Keycloak signs RS256 with header typ "JWT": no typ check (not RFC 9068's at+jwt).
      verifier: new JwtAccessTokenVerifier({ issuer: realm, audience: resource }),
    })));
  });
  afterAll(async () => {
    await app?.close();
    await keycloak?.close();
  });

  const token = async (form: Record<string, string>) => {
    const response = await fetch(`${keycloak.issuer}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: KEYCLOAK_CLIENT.id,
        client_secret: KEYCLOAK_CLIENT.secret,
        ...form,
      }),
    });
    return String(((await response.json()) as { access_token: string }).access_token);
  };

  it('publishes the realm as the authorization server and accepts its tokens', async () => {
    const metadata = (await (
      await fetch(new URL('/.well-known/oauth-protected-resource/mcp', app.origin))
    ).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({ resource, authorization_servers: [keycloak.issuer] });

    const accessToken = await token({ scope: 'notes:read', audience: resource });
    const client = new Client({ name: 'sdk', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(resource), {
        requestInit: { headers: { authorization: `Bearer ${accessToken}` } },
      }),
    );
    try {
      const result = await client.callTool({ name: 'whoami', arguments: {} });
      expect(JSON.stringify(result.structuredContent ?? result.content)).toContain(
        '0d3f2a8e-6b1c-4e57-9a43-1c2b3d4e5f60',
      );
    } finally {
      await client.close();
    }
    // The keys were found through the realm's OpenID discovery, as on a real Keycloak.
    expect(keycloak.metadataRequests).toContain('/realms/mcp/.well-known/openid-configuration');
  });

  it('refuses a token of a realm without the Audience mapper (aud: account)', async () => {
    const accessToken = await token({ scope: 'notes:read' });
    const response = await fetch(resource, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('not for this resource');
  });
});
