import { discoverAuthorizationServer } from '../../../../../lib/client/auth/discovery/authorization-server-discovery.js';
import type { OAuthFetch } from '../../../../../lib/client/auth/discovery/fetch-json.js';
import { discoverProtectedResource } from '../../../../../lib/client/auth/discovery/protected-resource-discovery.js';
import { McpAuthError } from '../../../../../lib/errors/mcp-auth.error.js';

/** A fetch serving fixed JSON documents by URL (404 otherwise) and recording what was asked. */
function serve(documents: Record<string, unknown>) {
  const asked: string[] = [];
  const fetchFn: OAuthFetch = async (url) => {
    asked.push(url.href);
    const doc = documents[url.href];
    return doc === undefined
      ? new Response('not found', { status: 404 })
      : new Response(JSON.stringify(doc), { headers: { 'content-type': 'application/json' } });
  };
  return { fetchFn, asked };
}

const server = new URL('https://mcp.example.com/mcp');
const prm = {
  resource: 'https://mcp.example.com/mcp',
  authorization_servers: ['https://as.example.com'],
};

describe('discoverProtectedResource', () => {
  it('tries the resource_metadata URL first, then the path well-known, then the root', async () => {
    const { fetchFn, asked } = serve({
      'https://mcp.example.com/.well-known/oauth-protected-resource': prm,
    });
    const found = await discoverProtectedResource(
      fetchFn,
      server,
      'https://mcp.example.com/custom.json',
    );
    expect(asked).toEqual([
      'https://mcp.example.com/custom.json',
      'https://mcp.example.com/.well-known/oauth-protected-resource/mcp',
      'https://mcp.example.com/.well-known/oauth-protected-resource',
    ]);
    expect(found?.metadata.resource).toBe(prm.resource);
  });

  it('stops at the path-suffixed document when it exists (never asks the root)', async () => {
    const { fetchFn, asked } = serve({
      'https://mcp.example.com/.well-known/oauth-protected-resource/mcp': prm,
    });
    await discoverProtectedResource(fetchFn, server);
    expect(asked).toEqual(['https://mcp.example.com/.well-known/oauth-protected-resource/mcp']);
  });

  it('is undefined when no location has metadata', async () => {
    expect(await discoverProtectedResource(serve({}).fetchFn, server)).toBeUndefined();
  });

  it('refuses a 2xx document that is not Protected Resource Metadata', async () => {
    const { fetchFn } = serve({
      'https://mcp.example.com/.well-known/oauth-protected-resource/mcp': { nope: true },
    });
    await expect(discoverProtectedResource(fetchFn, server)).rejects.toMatchObject({
      code: 'invalid_metadata',
    });
  });
});

describe('discoverAuthorizationServer', () => {
  const as = (issuer: string) => ({
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
  });

  it('asks RFC 8414 then OpenID discovery for an issuer without a path', async () => {
    const { fetchFn, asked } = serve({
      'https://as.example.com/.well-known/openid-configuration': as('https://as.example.com'),
    });
    const metadata = await discoverAuthorizationServer(fetchFn, 'https://as.example.com');
    expect(metadata.token_endpoint).toBe('https://as.example.com/token');
    expect(asked).toEqual([
      'https://as.example.com/.well-known/oauth-authorization-server',
      'https://as.example.com/.well-known/openid-configuration',
    ]);
  });

  it('inserts, then appends the path of an issuer with one (never the root)', async () => {
    const { fetchFn, asked } = serve({
      'https://as.example.com/tenant1/.well-known/openid-configuration': as(
        'https://as.example.com/tenant1',
      ),
    });
    await discoverAuthorizationServer(fetchFn, 'https://as.example.com/tenant1');
    expect(asked).toEqual([
      'https://as.example.com/.well-known/oauth-authorization-server/tenant1',
      'https://as.example.com/.well-known/openid-configuration/tenant1',
      'https://as.example.com/tenant1/.well-known/openid-configuration',
    ]);
  });

  it('refuses metadata whose issuer is not the one it was looked up for', async () => {
    const { fetchFn } = serve({
      'https://as.example.com/.well-known/oauth-authorization-server': as(
        'https://attacker.example.com',
      ),
    });
    const failure = discoverAuthorizationServer(fetchFn, 'https://as.example.com');
    await expect(failure).rejects.toThrow(McpAuthError);
    await expect(failure).rejects.toMatchObject({ code: 'issuer_mismatch' });
  });

  it('compares the issuer as a string: a trailing slash is a mismatch', async () => {
    const { fetchFn } = serve({
      'https://as.example.com/.well-known/oauth-authorization-server':
        as('https://as.example.com/'),
    });
    await expect(
      discoverAuthorizationServer(fetchFn, 'https://as.example.com'),
    ).rejects.toMatchObject({
      code: 'issuer_mismatch',
    });
  });

  it('fails with discovery_failed naming the URLs tried when none answers', async () => {
    await expect(
      discoverAuthorizationServer(serve({}).fetchFn, 'https://as.example.com'),
    ).rejects.toMatchObject({
      code: 'discovery_failed',
      message: expect.stringContaining('/.well-known/openid-configuration'),
    });
  });
});
