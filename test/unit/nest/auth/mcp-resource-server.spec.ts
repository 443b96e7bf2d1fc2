import { Logger } from '@nestjs/common';
import {
  McpAuthRefusal,
  McpResourceServer,
} from '../../../../lib/nest/auth/mcp-resource-server.js';
import type { McpAuthOptions } from '../../../../lib/nest/auth/mcp-auth-options.interface.js';
import { InvalidTokenError } from '../../../../lib/errors/invalid-token.error.js';
import { HttpRefusal } from '../../../../lib/transports/shared/http/http-refusal.js';
import { McpServer } from '../../../../lib/server/mcp-server.js';
import type { McpAuthInfo } from '../../../../lib/server/auth/mcp-auth-info.interface.js';
import type { IncomingMessage } from 'node:http';

const METADATA = 'https://api.example/.well-known/oauth-protected-resource/mcp';
const info = (scopes: string[], subject = 'ann'): McpAuthInfo => ({
  token: 't',
  subject,
  scopes,
  audience: [],
  claims: {},
});

function resourceServer(
  auth: Partial<McpAuthOptions> = {},
  server = new McpServer({ name: 's', version: '1' }),
) {
  return new McpResourceServer(
    {
      auth: {
        resource: 'https://api.example/mcp',
        authorizationServers: ['https://as.example'],
        requiredScopes: ['read'],
        verifier: async (token) => {
          if (token === 'good') return info(['read']);
          if (token === 'broken') throw new Error('AS down');
          throw new InvalidTokenError('The access token has expired');
        },
        ...auth,
      },
    },
    server,
  );
}

const request = (authorization?: string) =>
  ({ headers: authorization ? { authorization } : {} }) as IncomingMessage;

async function refusalOf(promise: Promise<unknown>): Promise<McpAuthRefusal> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(McpAuthRefusal);
  return error as McpAuthRefusal;
}

describe('McpResourceServer', () => {
  beforeAll(() => Logger.overrideLogger(false));
  it('is disabled without the auth option', () => {
    const off = new McpResourceServer({}, new McpServer({ name: 's', version: '1' }));
    expect(off.enabled).toBe(false);
    expect(off.protectsEndpoint).toBe(false);
    expect(off.resource).toBeUndefined();
    expect(() => off.metadata()).toThrow(/needs the auth option/);
  });

  it('checks the options at bootstrap', () => {
    expect(() => resourceServer({ resource: 'relative' })).toThrow(/absolute URL/);
    expect(() => resourceServer({ verifier: {} as never })).toThrow(/verifier must be a function/);
  });

  it('verifies a token once per request and records it (auth, user with sub)', async () => {
    let calls = 0;
    const rs = resourceServer({
      verifier: { verify: async () => (calls++, info(['read'], 'bob')) },
    });
    const req = request('Bearer good') as IncomingMessage & { auth?: unknown; user?: unknown };
    await rs.authenticate(req);
    await rs.authenticate(req);
    expect(calls).toBe(1);
    expect(req.user).toEqual({ sub: 'bob', scopes: ['read'] });
  });

  it('answers no token with a plain 401 challenge, a malformed header with invalid_request', async () => {
    const rs = resourceServer();
    const missing = await refusalOf(rs.authenticate(request()));
    expect([missing.status, missing.challenge]).toEqual([
      401,
      `Bearer resource_metadata="${METADATA}", scope="read"`,
    ]);
    const malformed = await refusalOf(rs.authenticate(request('Basic x')));
    expect(malformed.challenge).toContain('error="invalid_request"');
  });

  it('auth.dpop.required: a plain or missing token gets a DPoP challenge; the metadata says so', async () => {
    const rs = resourceServer({ dpop: { required: true, algorithms: ['ES256'] } });
    const missing = await refusalOf(rs.authenticate(request()));
    expect(missing.challenge).toBe(
      `DPoP algs="ES256", resource_metadata="${METADATA}", scope="read"`,
    );
    const bearer = await refusalOf(rs.authenticate(request('Bearer good')));
    expect(bearer.challenge).toMatch(/^DPoP algs="ES256", .*error="invalid_token"/);
    expect(bearer.message).toBe('A DPoP-bound access token is required');
    const unbound = await refusalOf(rs.authenticate(request('DPoP good')));
    expect(unbound.message).toBe('The access token is not DPoP-bound');
    expect(rs.metadata()).toMatchObject({
      dpop_signing_alg_values_supported: ['ES256'],
      dpop_bound_access_tokens_required: true,
    });
    expect(() => resourceServer({ dpop: { algorithms: ['HS256'] } })).toThrow(/asymmetric/);
  });

  it('answers a refused token with invalid_token and its reason; a failing verifier without details', async () => {
    const rs = resourceServer();
    const expired = await refusalOf(rs.authenticate(request('Bearer old')));
    expect(expired.challenge).toContain(
      'error="invalid_token", error_description="The access token has expired"',
    );
    const broken = await refusalOf(rs.authenticate(request('Bearer broken')));
    expect(broken.challenge).toContain(
      'error_description="The access token could not be verified"',
    );
  });

  it('refuses missing scopes with 403 insufficient_scope asking for what it has, the baseline and the missing', () => {
    const rs = resourceServer();
    expect(() => rs.checkScopes(info(['read', 'other']), ['read'])).not.toThrow();
    let refusal: McpAuthRefusal | undefined;
    try {
      rs.checkScopes(info(['read', 'other']), ['write']);
    } catch (error) {
      refusal = error as McpAuthRefusal;
    }
    expect(refusal?.status).toBe(403);
    expect(refusal?.challenge).toBe(
      `Bearer resource_metadata="${METADATA}", scope="read other write", error="insufficient_scope", error_description="Requires scope write"`,
    );
  });

  it('knows the scopes of each request from the option map and @McpScopes, resources by URI or template', () => {
    const server = new McpServer({ name: 's', version: '1' });
    server.registerResource({ name: 'doc', uri: 'file:///doc' }, () => 'x');
    server.registerResourceTemplate({ name: 'item', uriTemplate: 'item://{id}' }, () => 'x');
    const rs = resourceServer(
      { scopes: { tools: { add: ['write'] }, resources: { doc: ['docs'], item: ['items'] } } },
      server,
    );
    rs.requireScopes('prompts', 'p', ['prompt']);
    expect(rs.scopesForRequest({ method: 'tools/call', params: { name: 'add' } })).toEqual([
      'read',
      'write',
    ]);
    expect(rs.scopesForRequest({ method: 'tools/call', params: { name: 'other' } })).toEqual([
      'read',
    ]);
    expect(rs.scopesForRequest({ method: 'prompts/get', params: { name: 'p' } })).toEqual([
      'read',
      'prompt',
    ]);
    expect(
      rs.scopesForRequest({ method: 'resources/read', params: { uri: 'file:///doc' } }),
    ).toEqual(['read', 'docs']);
    expect(rs.scopesForRequest({ method: 'resources/read', params: { uri: 'item://7' } })).toEqual([
      'read',
      'items',
    ]);
    expect(rs.scopesForRequest({ method: 'tools/list' })).toEqual(['read']);
  });

  it('authorizes a POST: 403 with the request id and the challenge header; verifies when no guard did', async () => {
    const rs = resourceServer({ scopes: { tools: { add: ['write'] } }, protectEndpoint: false });
    const req = request('Bearer good');
    await expect(
      rs.authorizeRequests(req, [{ jsonrpc: '2.0', id: 1, method: 'tools/list' }]),
    ).resolves.toBeUndefined();
    const error = await rs
      .authorizeRequests(req, [
        { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'add' } },
      ])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpRefusal);
    expect(error).toMatchObject({
      status: 403,
      id: 7,
      headers: { 'www-authenticate': expect.stringContaining('insufficient_scope') },
    });
  });

  it('shows a primitive to a token with its scopes only', () => {
    const rs = resourceServer();
    const req = request();
    expect(rs.allows(req, [])).toBe(true);
    expect(rs.allows(req, ['read'])).toBe(false);
    Object.assign(req, { auth: info(['read']) });
    expect(rs.allows(req, ['read'])).toBe(true);
    expect(rs.allows(req, ['write'])).toBe(false);
  });

  it('follows impliedScopes transitively (a broader scope implies narrower ones)', () => {
    const rs = resourceServer({ impliedScopes: { admin: ['write'], write: ['read'] } });
    expect(rs.effectiveScopes(info(['admin'])).sort()).toEqual(['admin', 'read', 'write']);
    expect(() => rs.checkScopes(info(['admin']), ['read', 'write'])).not.toThrow();
    expect(() => rs.checkScopes(info(['read']), ['write'])).toThrow(McpAuthRefusal);
    const req = Object.assign(request(), { auth: info(['write']) });
    expect(rs.allows(req, ['read'])).toBe(true);
  });
});
