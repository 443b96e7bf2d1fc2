import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import {
  McpClient,
  McpModule,
  McpServer,
  SseClientTransport,
  StreamableHttpClientTransport,
  WebSocketClientTransport,
  type ClientTransport,
  type McpClientOptions,
} from '../../../lib/index.js';
import { firstText } from './support/clients.js';
import { InProcessStdio } from './support/in-process-stdio.js';
import { bootApp, type BootedApp } from './support/nest-app.js';
import {
  AccountTools,
  AuthorizationPresentGuard,
  JwtStrategy,
  REST_API_KEY,
  RestController,
  signJwt,
} from './support/rest-auth.js';

type Headers = Record<string, string>;
type Connect = (headers: Headers) => {
  transport: ClientTransport;
  options?: Partial<McpClientOptions>;
};

const bearer = (sub: string, secret?: string): Headers => ({
  authorization: `Bearer ${signJwt(sub, secret)}`,
});

/** The same REST guards, unchanged, in front of a REST route and of tools on every transport. */
describe('REST guards and Passport JWT on MCP tools', () => {
  let booted: BootedApp;
  const clients: McpClient[] = [];

  beforeAll(async () => {
    booted = await bootApp({
      imports: [
        PassportModule,
        McpModule.forRoot({
          name: 'rest-guards',
          version: '1.0.0',
          sse: true,
          websocket: { path: '/ws' },
        }),
      ],
      controllers: [RestController],
      providers: [
        JwtStrategy,
        AccountTools,
        { provide: APP_GUARD, useClass: AuthorizationPresentGuard },
      ],
    });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(() => booted.close());

  const transports: Array<[string, Connect]> = [
    [
      'Streamable HTTP, 2025 session',
      (headers) => ({
        transport: new StreamableHttpClientTransport(booted.url(), { headers }),
        options: { versionNegotiation: 'legacy' },
      }),
    ],
    [
      'Streamable HTTP, 2026-07-28 stateless',
      (headers) => ({
        transport: new StreamableHttpClientTransport(booted.url(), { headers }),
        options: { versionNegotiation: 'auto' },
      }),
    ],
    [
      'legacy HTTP+SSE',
      (headers) => ({ transport: new SseClientTransport(booted.url('/sse'), { headers }) }),
    ],
    [
      'WebSocket',
      (headers) => ({
        transport: new WebSocketClientTransport(booted.url('/ws').href.replace('http', 'ws'), {
          headers,
        }),
      }),
    ],
  ];

  async function connect(make: Connect, headers: Headers): Promise<McpClient> {
    const { transport, options } = make(headers);
    const client = new McpClient({
      clientInfo: { name: 'rest-guards-e2e', version: '1.0.0' },
      transport,
      ...options,
    });
    clients.push(client);
    await client.connect();
    return client;
  }

  it('guards the REST routes (the baseline the tools are compared with)', async () => {
    const get = (path: string, headers: Headers) =>
      fetch(new URL(path, booted.origin), { headers }).then(async (r) => [
        r.status,
        await r.text(),
      ]);
    expect(await get('/rest/me', bearer('ada'))).toEqual([200, 'user ada']);
    expect(await get('/rest/me', bearer('ada', 'forged'))).toEqual([401, expect.any(String)]);
    expect(await get('/rest/keyed', { ...bearer('ada'), 'x-api-key': REST_API_KEY })).toEqual([
      200,
      'keyed',
    ]);
    expect(await get('/rest/keyed', bearer('ada'))).toEqual([403, expect.any(String)]);
  });

  describe.each(transports)('%s', (name, make) => {
    it('AuthGuard("jwt") and @CurrentUser() see the bearer token of the request', async () => {
      const client = await connect(make, bearer('ada'));
      const result = await client.callTool('whoami', {});
      expect(result.isError).toBeFalsy();
      expect(firstText(result)).toBe('user ada');
      if (name.includes('2026')) expect(client.era).toBe('modern');
    });

    it('a forged token is refused like on the REST route: an isError result "Unauthorized"', async () => {
      const client = await connect(make, bearer('ada', 'forged'));
      expect(await client.callTool('whoami', {})).toMatchObject({
        isError: true,
        content: [{ type: 'text', text: 'Unauthorized' }],
      });
    });

    it('the REST API-key guard reads the request headers', async () => {
      const allowed = await connect(make, { ...bearer('ada'), 'x-api-key': REST_API_KEY });
      expect(firstText(await allowed.callTool('keyed_echo', { text: 'hi' }))).toBe('keyed: hi');
      const denied = await connect(make, bearer('ada'));
      expect(await denied.callTool('keyed_echo', { text: 'hi' })).toMatchObject({
        isError: true,
        content: [{ type: 'text', text: 'Forbidden resource' }],
      });
    });
  });

  it('HTTP: each POST is the request the guards see (a token changed mid-session counts)', async () => {
    let token = bearer('ada');
    const transport = new StreamableHttpClientTransport(booted.url(), { headers: () => token });
    const client = await connect(
      () => ({ transport, options: { versionNegotiation: 'legacy' } }),
      {},
    );
    expect(firstText(await client.callTool('whoami', {}))).toBe('user ada');
    token = bearer('grace');
    expect(firstText(await client.callTool('whoami', {}))).toBe('user grace');
  });

  it('WebSocket: the global APP_GUARD reads the upgrade request (no authorization, no tools)', async () => {
    const [, make] = transports[3]!;
    const client = await connect(make, {});
    expect(await client.callTool('keyed_echo', { text: 'x' })).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Forbidden resource' }],
    });
  });

  it('stdio: the request is a stand-in with no headers and no user, so auth guards deny', async () => {
    const stdio = new InProcessStdio(booted.app.get(McpServer));
    await stdio.initialize();
    stdio.send({ id: 1, method: 'tools/call', params: { name: 'whoami', arguments: {} } });
    // The global guard finds no authorization header: Forbidden, not a crash.
    expect((await stdio.answer(1)).result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Forbidden resource' }],
    });
    await stdio.close();
  });
});
