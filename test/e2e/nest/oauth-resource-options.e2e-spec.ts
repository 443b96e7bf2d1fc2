import { Injectable, UseGuards } from '@nestjs/common';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  authOf,
  IntrospectionTokenVerifier,
  McpBearerGuard,
  McpModule,
  McpRequest,
  McpScopes,
  Tool,
  type McpAuthOptions,
} from '../../../lib/index.js';
import {
  initializeRequest,
  openSse,
  postJson,
  rawId,
  rawRequest,
  rpcMessages,
} from '../support/raw-http.js';
import { bootApp, type BootedApp } from './support/nest-app.js';
import { freePort } from './support/sdk-oauth-provider.js';

@Injectable()
class PublicTools {
  @Tool({ description: 'Anyone' })
  hello() {
    return 'hello';
  }

  @UseGuards(McpBearerGuard)
  @Tool({ description: 'Any valid token' })
  me(@McpRequest() req: unknown) {
    return `you are ${authOf(req)?.subject ?? '?'}`;
  }
}

@Injectable()
class ProfileTools {
  @Tool({ description: 'Who am I?' })
  whoami(@McpRequest() req: unknown) {
    return { subject: authOf(req)?.subject ?? null };
  }

  @McpScopes('admin')
  @Tool({ description: 'Admins only' })
  purge() {
    return 'purged';
  }
}

/** An authorization server's introspection endpoint (RFC 7662) over a fixed token table. */
async function startIntrospection(resource: string) {
  const seen: IncomingMessage['headers'][] = [];
  const active: Record<string, Record<string, unknown>> = {
    'live-token': { active: true, sub: 'carol', scope: 'profile', aud: resource, client_id: 'c1' },
    'admin-token': { active: true, sub: 'dave', scope: 'profile admin', aud: resource },
    'foreign-token': {
      active: true,
      sub: 'erin',
      scope: 'profile admin',
      aud: 'https://other/mcp',
    },
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push(req.headers);
      const token = new URLSearchParams(Buffer.concat(chunks).toString()).get('token') ?? '';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(active[token] ?? { active: false }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/introspect`;
  return { endpoint, seen, close: () => new Promise((r) => server.close(r)) };
}

describe('the auth option: introspection (RFC 7662), a custom verifier, a global prefix, protectEndpoint false', () => {
  let introspection: Awaited<ReturnType<typeof startIntrospection>>;
  let booted: BootedApp;
  let resource: string;

  const initialize = (token: string) =>
    postJson(booted.url(), initializeRequest(), { authorization: `Bearer ${token}` });

  async function call(token: string, name: string) {
    const opened = await initialize(token);
    expect(opened.status).toBe(200);
    return postJson(
      booted.url(),
      { jsonrpc: '2.0', id: rawId(), method: 'tools/call', params: { name, arguments: {} } },
      {
        authorization: `Bearer ${token}`,
        'mcp-session-id': opened.headers['mcp-session-id'] as string,
        'mcp-protocol-version': '2025-11-25',
      },
    );
  }

  async function boot(
    auth: Partial<McpAuthOptions>,
    prefix?: string,
    hide = false,
    extras: { sse?: boolean; websocket?: boolean } = {},
  ) {
    booted = await bootApp({
      port: Number(new URL(resource).port),
      ...(prefix !== undefined && { configure: (app) => app.setGlobalPrefix(prefix) }),
      imports: [
        McpModule.forRoot({
          name: 'introspected',
          version: '1',
          hideDeniedFromLists: hide,
          ...extras,
          auth: {
            resource,
            authorizationServers: ['http://127.0.0.1:1'],
            verifier: () => Promise.reject(new Error('unused')),
            ...auth,
          },
        }),
      ],
      providers: [ProfileTools, PublicTools],
    });
  }

  beforeEach(async () => {
    resource = `http://127.0.0.1:${await freePort()}/mcp`;
    introspection = await startIntrospection(resource);
  });
  afterEach(async () => {
    await booted.close();
    await introspection.close();
  });

  it('serves an active token and refuses an inactive one or one for another audience', async () => {
    await boot({
      verifier: new IntrospectionTokenVerifier({
        endpoint: introspection.endpoint,
        clientId: 'mcp-server',
        clientSecret: 's3cret',
        audience: resource,
      }),
    });
    const me = await call('live-token', 'whoami');
    expect(rpcMessages(me)[0]).toMatchObject({
      result: { structuredContent: { subject: 'carol' } },
    });
    expect(introspection.seen[0]!.authorization).toBe(
      `Basic ${Buffer.from('mcp-server:s3cret').toString('base64')}`,
    );

    for (const token of ['revoked-token', 'foreign-token']) {
      const refused = await initialize(token);
      expect(refused.status).toBe(401);
      expect(refused.headers['www-authenticate']).toMatch(
        /^Bearer resource_metadata="[^"]+", error="invalid_token"/,
      );
    }
    expect((await initialize('foreign-token')).headers['www-authenticate']).toContain(
      'error_description="The access token is not for this resource"',
    );
    expect((await initialize('revoked-token')).headers['www-authenticate']).toContain(
      'error_description="The access token is not active"',
    );
  });

  it('checks @McpScopes against the introspected scopes (403 insufficient_scope)', async () => {
    await boot({ verifier: new IntrospectionTokenVerifier({ endpoint: introspection.endpoint }) });
    const refused = await call('live-token', 'purge');
    expect(refused.status).toBe(403);
    expect(refused.headers['www-authenticate']).toContain('error="insufficient_scope"');
    expect(refused.headers['www-authenticate']).toContain('scope="profile admin"');
    const served = await call('admin-token', 'purge');
    expect(rpcMessages(served)[0]).toMatchObject({ result: { content: [{ text: 'purged' }] } });
  });

  it('takes a custom verifier function', async () => {
    await boot({
      verifier: async (token) => {
        if (token !== 'opaque-123') throw new Error('unknown token');
        return { token, subject: 'frank', scopes: [], audience: [resource], claims: {} };
      },
    });
    const me = await call('opaque-123', 'whoami');
    expect(rpcMessages(me)[0]).toMatchObject({
      result: { structuredContent: { subject: 'frank' } },
    });
    const refused = await initialize('other');
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toContain(
      'error_description="The access token could not be verified"',
    );
  });

  it('serves the metadata at the origin root under a global prefix, with CORS preflight', async () => {
    resource = resource.replace('/mcp', '/api/mcp');
    await boot(
      { verifier: new IntrospectionTokenVerifier({ endpoint: introspection.endpoint }) },
      'api',
    );
    const document = await rawRequest(booted.url('/.well-known/oauth-protected-resource/api/mcp'), {
      method: 'GET',
    });
    expect(document.status).toBe(200);
    expect(JSON.parse(document.text)).toMatchObject({ resource });
    const preflight = await rawRequest(
      booted.url('/.well-known/oauth-protected-resource/api/mcp'),
      {
        method: 'OPTIONS',
        headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' },
      },
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    const refused = await postJson(booted.url('/api/mcp'), {
      jsonrpc: '2.0',
      id: 1,
      method: 'ping',
    });
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toBe(
      `Bearer resource_metadata="${new URL(resource).origin}/.well-known/oauth-protected-resource/api/mcp"`,
    );
  });

  it('protectEndpoint false: open tools run without a token, a scoped one gets 401 at HTTP, guarded ones an error result', async () => {
    await boot(
      {
        protectEndpoint: false,
        verifier: new IntrospectionTokenVerifier({ endpoint: introspection.endpoint }),
      },
      undefined,
      true,
    );
    const opened = await postJson(booted.url(), initializeRequest());
    expect(opened.status).toBe(200);
    const session = {
      'mcp-session-id': opened.headers['mcp-session-id'] as string,
      'mcp-protocol-version': '2025-11-25',
    };
    const send = (method: string, params: object, headers: Record<string, string> = {}) =>
      postJson(
        booted.url(),
        { jsonrpc: '2.0', id: rawId(), method, params },
        { ...session, ...headers },
      );

    const listed = rpcMessages(await send('tools/list', {}))[0] as {
      result: { tools: Array<{ name: string }> };
    };
    expect(listed.result.tools.map((t) => t.name).sort()).toEqual(['hello', 'whoami']); // me: its guard denies; purge: its scope
    expect(
      rpcMessages(await send('tools/call', { name: 'hello', arguments: {} }))[0],
    ).toMatchObject({
      result: { content: [{ text: 'hello' }] },
    });
    const me = rpcMessages(await send('tools/call', { name: 'me', arguments: {} }))[0];
    expect(me).toMatchObject({
      result: { isError: true, content: [{ text: 'A bearer token is required' }] },
    });
    const purge = await send('tools/call', { name: 'purge', arguments: {} });
    expect(purge.status).toBe(401);
    expect(purge.headers['www-authenticate']).toMatch(/^Bearer resource_metadata="[^"]+"$/);
  });

  it('protects the legacy HTTP+SSE endpoints too: 401 without a token, 403 insufficient_scope on a POSTed call', async () => {
    await boot(
      { verifier: new IntrospectionTokenVerifier({ endpoint: introspection.endpoint }) },
      undefined,
      false,
      { sse: true },
    );
    const sseUrl = new URL('/sse', booted.url());
    const anonymous = await rawRequest(sseUrl, { headers: { accept: 'text/event-stream' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['www-authenticate']).toMatch(/^Bearer resource_metadata="/);

    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const stream = await openSse(sseUrl, {
      method: 'GET',
      headers: { accept: 'text/event-stream', ...bearer('live-token') },
    });
    try {
      expect(stream.status).toBe(200);
      const endpoint = await stream.until((e) => e.event === 'endpoint');
      const messages = new URL(endpoint!.data, booted.url());
      const initialize = initializeRequest('2024-11-05');
      expect((await postJson(messages, initialize, bearer('live-token'))).status).toBe(202);
      const purge = {
        jsonrpc: '2.0',
        id: rawId(),
        method: 'tools/call',
        params: { name: 'purge', arguments: {} },
      };
      expect((await postJson(messages, purge, {})).status).toBe(401);
      const refused = await postJson(messages, purge, bearer('live-token'));
      expect(refused.status).toBe(403);
      expect(refused.headers['www-authenticate']).toContain('error="insufficient_scope"');
      const whoami = {
        jsonrpc: '2.0',
        id: rawId(),
        method: 'tools/call',
        params: { name: 'whoami', arguments: {} },
      };
      expect((await postJson(messages, whoami, bearer('live-token'))).status).toBe(202);
      const answer = await stream.until((e) => e.data.includes(`"id":${whoami.id}`));
      expect(JSON.parse(answer!.data)).toMatchObject({
        result: { structuredContent: { subject: 'carol' } },
      });
    } finally {
      stream.abort();
    }
  });

  it('refuses to boot with the WebSocket extra, whose upgrade no Nest guard sees', async () => {
    await expect(
      boot(
        { verifier: new IntrospectionTokenVerifier({ endpoint: introspection.endpoint }) },
        undefined,
        false,
        { websocket: true },
      ),
    ).rejects.toThrow(
      /protects the Streamable HTTP and legacy SSE endpoints, not the WebSocket one/,
    );
    booted = { close: async () => undefined } as unknown as BootedApp;
  });
});
