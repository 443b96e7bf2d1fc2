import { VersioningType } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { InvalidTokenError, McpModule, type McpAuthInfo } from '../../../lib/index.js';
import { connectSdk, firstText } from '../nest/support/clients.js';
import { ApiKeyGuard, API_KEY, FreezeGuard, GuardedTools } from '../nest/support/guarded.tools.js';
import { InterceptedTools } from '../nest/support/intercepted.tools.js';
import { bootApp, type BootedApp } from '../nest/support/nest-app.js';
import { PipedTools } from '../nest/support/piped.tools.js';
import { PLATFORMS } from '../nest/support/platforms.js';
import { Recorder } from '../nest/support/recorder.js';
import { modernCall, modernRequest } from '../support/modern-call.js';
import {
  initializeRawSession,
  jsonBody,
  postJson,
  rawId,
  rawRequest,
  rpcMessages,
  type RawResponse,
} from '../support/raw-http.js';
import { AppRoutesModule, FastPathTools, MIDDLEWARE_HEADER } from './fast-path-tools.js';

const RESOURCE = 'http://127.0.0.1/mcp';

/** Tokens the test verifier knows: one with the module's required scope, one without. */
function verify(token: string): Promise<McpAuthInfo> {
  const known = { full: ['ada', ['notes:read']], narrow: ['bob', []] } as const;
  if (token !== 'full' && token !== 'narrow') {
    return Promise.reject(new InvalidTokenError('unknown token'));
  }
  const [subject, scopes] = known[token];
  return Promise.resolve({ token, subject, scopes, audience: [RESOURCE], claims: {} });
}

const AUTH = {
  resource: RESOURCE,
  authorizationServers: ['https://login.example.com'],
  requiredScopes: ['notes:read'],
  verifier: verify,
};

type Refusal = Pick<RawResponse, 'status' | 'text'> & { challenge: string | undefined };

/** What a client sees of a refused request: status, challenge and body. */
function refusalOf(response: RawResponse): Refusal {
  const challenge = response.headers['www-authenticate'];
  return { status: response.status, text: response.text, challenge };
}

/**
 * The module extra `fastPath`: the Streamable HTTP endpoint served in front of the framework's
 * router, on Express and Fastify. The transport's features over both eras run in the shared specs
 * (`test/e2e/nest/http-platforms`, the matrix, the client-address spec); this one checks what is
 * the fast path's own: paths as the router resolves them, the app's routes and middleware left to
 * the framework, tools' enhancers, `auth`, the 405s and startup errors.
 */
describe.each(PLATFORMS)('fast path on %s', (platform) => {
  describe('an app with a global prefix, URI versioning, middleware and enhanced tools', () => {
    let booted: BootedApp;
    let url: URL;

    beforeAll(async () => {
      booted = await bootApp({
        platform,
        imports: [
          McpModule.forRoot({ name: 'fast', version: '1.0.0', fastPath: true }),
          AppRoutesModule,
        ],
        providers: [
          Recorder,
          GuardedTools,
          ApiKeyGuard,
          InterceptedTools,
          PipedTools,
          { provide: APP_GUARD, useClass: FreezeGuard },
        ],
        configure: (app) => {
          app.setGlobalPrefix('api');
          app.enableCors();
          app.enableVersioning({ type: VersioningType.URI, defaultVersion: '2' });
        },
      });
      url = booted.url('/api/v2/mcp');
    });

    afterAll(() => booted.close());

    it('serves the official SDK client at the path the router would give the controller', async () => {
      const peer = await connectSdk(url, { 'x-api-key': API_KEY });
      try {
        const shouted = await peer.client.callTool({ name: 'shout', arguments: { text: 'hi' } });
        expect(firstText(shouted)).toBe('YOU SAID HI'); // the tool's interceptor ran
        const greeted = await peer.client.callTool({ name: 'greet', arguments: { name: ' Ada ' } });
        expect(firstText(greeted)).toBe('hello [Ada]'); // the tool's pipe ran
        const secret = await peer.client.callTool({
          name: 'secret_echo',
          arguments: { text: 's' },
        });
        expect(firstText(secret)).toBe('secret: s'); // its guard read the raw Node request
      } finally {
        await peer.close();
      }
    });

    it("runs tools' guards and the app's APP_GUARD in the 'mcp' context", async () => {
      const peer = await connectSdk(url, { 'x-freeze': '1' });
      try {
        const frozen = await peer.client.callTool({
          name: 'public_echo',
          arguments: { text: 'x' },
        });
        expect(frozen.isError).toBe(true);
      } finally {
        await peer.close();
      }
      const open = await connectSdk(url);
      try {
        const denied = await open.client.callTool({
          name: 'secret_echo',
          arguments: { text: 'x' },
        });
        expect(denied.isError).toBe(true);
        const allowed = await open.client.callTool({
          name: 'public_echo',
          arguments: { text: 'x' },
        });
        expect(firstText(allowed)).toBe('public: x');
      } finally {
        await open.close();
      }
    });

    it('serves a 2026-07-28 request at the same path', async () => {
      const answer = await modernCall(url, 'tools/call', {
        name: 'public_echo',
        arguments: { text: 'modern' },
      });
      expect(answer.status).toBe(200);
      expect(firstText(answer.result ?? {})).toBe('public: modern');
    });

    it('writes ASCII and non-ASCII replies as their UTF-8 bytes in both eras', async () => {
      const texts = ['plain ascii', 'Zürich ✓ 😀'];
      const peer = await connectSdk(url);
      try {
        for (const text of texts) {
          const echoed = await peer.client.callTool({ name: 'public_echo', arguments: { text } });
          expect(firstText(echoed)).toBe(`public: ${text}`);
        }
      } finally {
        await peer.close();
      }
      for (const text of texts) {
        const { body, headers } = modernRequest('tools/call', {
          name: 'public_echo',
          arguments: { text },
        });
        const response = await postJson(url, body, headers);
        expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.text));
        const [message] = rpcMessages(response);
        expect(firstText((message as { result: Record<string, unknown> }).result)).toBe(
          `public: ${text}`,
        );
      }
    });

    it('skips the framework: no Nest middleware, no X-Powered-By on MCP responses', async () => {
      const ping = await postJson(
        url,
        { jsonrpc: '2.0', id: rawId(), method: 'ping' },
        {
          'mcp-protocol-version': '2025-11-25',
        },
      );
      expect(ping.headers[MIDDLEWARE_HEADER]).toBeUndefined();
      expect(ping.headers['x-powered-by']).toBeUndefined();
    });

    it("leaves the app's routes, body parsers and middleware to the framework", async () => {
      const plain = await postJson(booted.url('/api/v2/plain'), { hello: 'world' });
      expect(plain.status).toBe(201);
      expect(jsonBody(plain)).toEqual({ received: { hello: 'world' } });
      expect(plain.headers[MIDDLEWARE_HEADER]).toBe('seen');
      const hello = await rawRequest(booted.url('/api/v2/hello'), { method: 'GET' });
      expect(jsonBody(hello)).toEqual({ hello: 'framework' });
      // Without the prefix and version the path is not the endpoint: the router's 404.
      const elsewhere = await postJson(booted.url('/mcp'), {
        jsonrpc: '2.0',
        id: 1,
        method: 'ping',
      });
      expect(elsewhere.status).toBe(404);
    });

    it("applies no CORS to the endpoint (documented); the app's routes keep it", async () => {
      const preflight = {
        origin: 'http://app.example',
        'access-control-request-method': 'POST',
      };
      const mcp = await rawRequest(url, { method: 'OPTIONS', headers: preflight });
      expect(mcp.status).toBe(405);
      expect(mcp.headers['access-control-allow-origin']).toBeUndefined();
      const plain = await rawRequest(booted.url('/api/v2/plain'), {
        method: 'OPTIONS',
        headers: preflight,
      });
      expect(plain.status).toBe(204);
      expect(plain.headers['access-control-allow-origin']).toBe('*');
    });

    it.each(['PUT', 'PATCH', 'OPTIONS'] as const)(
      'answers %s with 405, Allow and a JSON-RPC error',
      async (method) => {
        const response = await rawRequest(url, { method, body: '{}' });
        expect(response.status).toBe(405);
        expect(response.headers.allow).toBe('GET, POST, DELETE');
        expect(jsonBody(response)).toMatchObject({
          jsonrpc: '2.0',
          id: null,
          error: { code: -32600 },
        });
      },
    );

    it('answers bad input spec-shaped: malformed JSON, wrong media type, oversized body', async () => {
      const session = await initializeRawSession(url);
      const malformed = await rawRequest(url, { headers: session.headers, body: '{"jsonrpc":' });
      expect(malformed.status).toBe(400);
      expect(jsonBody(malformed)).toMatchObject({ id: null, error: { code: -32700 } });
      const wrongType = await rawRequest(url, {
        headers: { ...session.headers, 'content-type': 'text/plain' },
        body: '{}',
      });
      expect(wrongType.status).toBe(415);
      expect(jsonBody(wrongType)).toMatchObject({ error: { code: -32600 } });
      const oversized = await rawRequest(url, {
        headers: session.headers,
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', pad: 'x'.repeat(5 << 20) }),
      });
      expect(oversized.status).toBe(413);
      expect(jsonBody(oversized)).toMatchObject({ error: { code: -32600 } });
    });
  });

  describe('with the module option auth', () => {
    let fast: BootedApp;
    let controller: BootedApp;

    beforeAll(async () => {
      const boot = (fastPath: boolean) =>
        bootApp({
          platform,
          imports: [McpModule.forRoot({ name: 'auth', version: '1.0.0', auth: AUTH, fastPath })],
          providers: [FastPathTools],
        });
      [fast, controller] = await Promise.all([boot(true), boot(false)]);
    });

    afterAll(() => Promise.all([fast?.close(), controller?.close()]));

    const ping = { jsonrpc: '2.0', id: 7, method: 'ping' };

    it.each([
      ['no token', {}],
      ['an unknown token', { authorization: 'Bearer nope' }],
      ['a malformed header', { authorization: 'Basic abc' }],
      ['a token without the required scope', { authorization: 'Bearer narrow' }],
    ])('refuses %s exactly as the controller mount does', async (_, headers) => {
      const [viaFastPath, viaController] = await Promise.all([
        postJson(fast.url(), ping, headers),
        postJson(controller.url(), ping, headers),
      ]);
      expect([401, 403]).toContain(viaFastPath.status);
      expect(viaFastPath.headers['www-authenticate']).toMatch(/^Bearer /);
      expect(viaFastPath.headers['content-type']).toMatch(/^application\/json/);
      expect(refusalOf(viaFastPath)).toEqual(refusalOf(viaController));
    });

    it('refuses the SDK client without a token, serves it with one (req.auth, req.user)', async () => {
      await expect(connectSdk(fast.url())).rejects.toThrow();
      const peer = await connectSdk(fast.url(), { authorization: 'Bearer full' });
      try {
        const result = await peer.client.callTool({ name: 'whoami', arguments: {} });
        expect(JSON.parse(firstText(result))).toEqual({
          subject: 'ada',
          user: 'ada',
          nodeRequest: true,
        });
      } finally {
        await peer.close();
      }
    });

    it('serves the protected resource metadata through the framework', async () => {
      const metadata = await rawRequest(fast.url('/.well-known/oauth-protected-resource/mcp'), {
        method: 'GET',
      });
      expect(metadata.status).toBe(200);
      expect(jsonBody(metadata)).toMatchObject({ resource: RESOURCE });
    });
  });

  it('fails at startup without an HTTP server, naming the option', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [McpModule.forRoot({ name: 'no-http', version: '1', fastPath: true })],
    }).compile();
    await expect(moduleRef.init()).rejects.toThrow(/fastPath needs an HTTP application/);
    await moduleRef.close();
  });
});

describe('fast path module extras', () => {
  it('refuses fastPath without the Streamable HTTP endpoint', () => {
    expect(() =>
      McpModule.forRoot({ name: 'x', version: '1', http: false, fastPath: true }),
    ).toThrow(/fastPath serves the Streamable HTTP endpoint/);
  });

  it('keeps the explorer a controller that reaches the endpoint', async () => {
    const booted = await bootApp({
      imports: [McpModule.forRoot({ name: 'ex', version: '1', fastPath: true, explorer: true })],
      providers: [FastPathTools],
    });
    try {
      const page = await rawRequest(booted.url('/explorer'), { method: 'GET' });
      expect(page.status).toBe(200);
      expect(page.text).toContain('/mcp');
      const session = await initializeRawSession(booted.url());
      const list = await postJson(
        booted.url(),
        { jsonrpc: '2.0', id: rawId(), method: 'tools/list' },
        session.headers,
      );
      expect(rpcMessages(list)[0]).toMatchObject({ result: { tools: [{ name: 'whoami' }] } });
    } finally {
      await booted.close();
    }
  });
});
