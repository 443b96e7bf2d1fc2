import 'reflect-metadata';
import { Injectable, Module, type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  InjectMcpClient,
  LoopbackOAuthInteraction,
  McpAuthError,
  McpClient,
  McpClientManager,
  McpClientModule,
  McpOAuthClient,
  SseClientTransport,
  StreamableHttpClientTransport,
} from '../../../lib/index.js';
import { startProtectedMcpApp } from './support/protected-mcp-app.js';
import {
  startTinyAuthorizationServer,
  type TinyAsOptions,
} from './support/tiny-authorization-server.js';

/** The browser of these specs: follows the authorization URL to the loopback redirect. */
function loopback(): LoopbackOAuthInteraction {
  return new LoopbackOAuthInteraction({
    onAuthorizationUrl: async (url) => {
      await (await fetch(url)).text();
    },
  });
}

/** A protected MCP app and its authorization server, wired together. */
async function startPair(options: TinyAsOptions = {}) {
  let issuer = '';
  const app = await startProtectedMcpApp(() => issuer);
  const as = await startTinyAuthorizationServer((token) => app.valid.add(token), options);
  issuer = as.issuer;
  return { app, as, close: async () => (await app.close(), await as.close()) };
}

describe('McpClient with McpOAuthClient (real sockets: Nest MCP server + authorization server)', () => {
  let pair: Awaited<ReturnType<typeof startPair>>;
  const interactions: LoopbackOAuthInteraction[] = [];
  const oauth = () => {
    const interaction = loopback();
    interactions.push(interaction);
    return new McpOAuthClient({ interaction });
  };

  beforeEach(async () => {
    pair = await startPair();
  });

  afterEach(async () => {
    await Promise.all(interactions.splice(0).map((i) => i.close()));
    await pair.close();
  });

  it('authorizes on the first 401 (PKCE, resource) and sends the token on every request', async () => {
    const auth = oauth();
    const client = new McpClient({
      transport: new StreamableHttpClientTransport(pair.app.mcpUrl, { auth }),
      versionNegotiation: { pin: '2025-11-25' }, // a session: POSTs, the GET stream, the DELETE
    });
    await client.connect();
    const result = await client.callTool<{ word: string }>('echo', { word: 'hi' });
    expect(result.structuredContent?.word).toBe('hi');
    await client.close();

    const [authorize] = pair.as.to('/authorize');
    expect(pair.as.to('/authorize')).toHaveLength(1);
    expect(authorize!.params.get('code_challenge_method')).toBe('S256');
    expect(authorize!.params.get('resource')).toBe(pair.app.origin);
    expect(authorize!.params.get('scope')).toBe('offline_access');
    expect(authorize!.params.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(pair.as.to('/token')[0]!.params.get('resource')).toBe(pair.app.origin);

    const refused = pair.app.seen.filter((r) => r.status === 401);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.authorization).toBeUndefined();
    const after = pair.app.seen.slice(pair.app.seen.indexOf(refused[0]!) + 1);
    expect(after.map((r) => r.method)).toEqual(expect.arrayContaining(['POST', 'GET', 'DELETE']));
    expect(after.every((r) => r.authorization?.startsWith('Bearer access-'))).toBe(true);
  });

  it('refreshes a token the server stopped accepting, without a new authorization', async () => {
    const client = new McpClient({
      transport: new StreamableHttpClientTransport(pair.app.mcpUrl, {
        auth: oauth(),
        standaloneStream: false,
      }),
    });
    await client.connect();
    pair.app.valid.clear(); // every token issued so far is now refused (expired, revoked)
    const result = await client.callTool<{ word: string }>('echo', { word: 'again' });
    expect(result.structuredContent?.word).toBe('again');
    await client.close();
    expect(pair.as.to('/authorize')).toHaveLength(1);
    expect(pair.as.to('/token').map((r) => r.params.get('grant_type'))).toEqual([
      'authorization_code',
      'refresh_token',
    ]);
  });

  it('authorizes a remote server of McpClientManager through its auth option', async () => {
    const auths: McpOAuthClient[] = [];
    const manager = new McpClientManager({
      mcpServers: { notes: { url: pair.app.mcpUrl.href } },
      auth: () => {
        const auth = oauth();
        auths.push(auth);
        return auth;
      },
      reconnect: { maxAttempts: 0 },
    });
    try {
      await manager.connect();
      const result = await manager.callTool<{ word: string }>('notes__echo', { word: 'many' });
      expect(result.structuredContent?.word).toBe('many');
      expect(auths).toHaveLength(1);
      expect(pair.as.to('/authorize')).toHaveLength(1);
    } finally {
      await manager.close();
    }
  });

  it('authorizes the legacy HTTP+SSE transport (GET stream and POSTs)', async () => {
    const client = new McpClient({
      transport: new SseClientTransport(pair.app.sseUrl, { auth: oauth() }),
    });
    await client.connect();
    const result = await client.callTool<{ word: string }>('echo', { word: 'sse' });
    expect(result.structuredContent?.word).toBe('sse');
    await client.close();
    const sse = pair.app.seen.filter((r) => r.path === '/sse' || r.path === '/messages');
    expect(sse[0]).toMatchObject({ method: 'GET', path: '/sse', status: 401 });
    expect(sse.slice(1).every((r) => r.authorization?.startsWith('Bearer '))).toBe(true);
    expect(sse.some((r) => r.method === 'POST' && r.path === '/messages')).toBe(true);
  });
});

describe('McpOAuthClient refusals (real sockets)', () => {
  it('refuses a redirect with a wrong iss: no token request, no call through', async () => {
    const pair = await startPair({ iss: 'wrong' });
    const interaction = loopback();
    const client = new McpClient({
      transport: new StreamableHttpClientTransport(pair.app.mcpUrl, {
        auth: new McpOAuthClient({ interaction }),
      }),
    });
    try {
      const error = await client.connect().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(McpAuthError);
      expect((error as McpAuthError).code).toBe('iss_mismatch');
      expect(pair.as.to('/authorize')).toHaveLength(1);
      expect(pair.as.to('/token')).toHaveLength(0);
      expect(pair.app.seen.every((r) => r.authorization === undefined)).toBe(true);
    } finally {
      await client.close().catch(() => undefined);
      await interaction.close();
      await pair.close();
    }
  });
});

@Injectable()
class NotesConsumer {
  constructor(@InjectMcpClient('notes') readonly client: McpClient) {}
}

describe('McpClientModule: a named client gets its auth from DI', () => {
  it('builds the transport with an injected McpOAuthClient', async () => {
    const pair = await startPair();
    const interaction = loopback();
    @Module({
      providers: [{ provide: McpOAuthClient, useValue: new McpOAuthClient({ interaction }) }],
      exports: [McpOAuthClient],
    })
    class AuthModule {}
    const moduleRef = await Test.createTestingModule({
      imports: [
        McpClientModule.registerAsync({
          name: 'notes',
          imports: [AuthModule],
          inject: [McpOAuthClient],
          useFactory: (auth: McpOAuthClient) => ({
            transport: () => new StreamableHttpClientTransport(pair.app.mcpUrl, { auth }),
          }),
        }),
      ],
      providers: [NotesConsumer],
    }).compile();
    let app: INestApplicationContext | undefined;
    try {
      app = await moduleRef.init();
      const { client } = app.get(NotesConsumer);
      const result = await client.callTool<{ word: string }>('echo', { word: 'di' });
      expect(result.structuredContent?.word).toBe('di');
      expect(pair.as.to('/authorize')).toHaveLength(1);
    } finally {
      await app?.close();
      await interaction.close();
      await pair.close();
    }
  });
});
