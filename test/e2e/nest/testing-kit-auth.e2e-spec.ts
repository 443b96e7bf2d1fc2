import {
  Injectable,
  UseGuards,
  type CanActivate,
  type DynamicModule,
  type ExecutionContext,
} from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { filter, firstValueFrom, timeout } from 'rxjs';
import { z } from 'zod';
import {
  authOf,
  createMcpTestClient,
  githubUpstream,
  McpArgs,
  McpAuthorizationServerModule,
  McpError,
  McpExecutionContext,
  McpModule,
  McpRequest,
  McpScopes,
  McpServer,
  Tool,
  type Mcp,
  type McpAuthInfo,
  type McpClient,
  type McpTestClientOptions,
} from '../../../lib/index.js';
import { connectOwn, firstText, names } from './support/clients.js';
import { bootApp, type BootedApp } from './support/nest-app.js';

/** The subjects the owner guard saw, in call order. */
const seenByGuard: Array<string | undefined> = [];

/** A guard reading the principal: only `ada` may archive. */
@Injectable()
class OwnerGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const subject = authOf(McpExecutionContext.create(context).request)?.subject;
    seenByGuard.push(subject);
    return subject === 'ada';
  }
}

/** Notes as the reader wrote them: reading needs the module's scope, adding `notes:write`. */
@Injectable()
class NotesTools {
  @Tool({ description: 'Who am I?' })
  whoami(@McpRequest() req: unknown) {
    const auth = authOf(req);
    return {
      subject: auth?.subject ?? null,
      clientId: auth?.clientId ?? null,
      scopes: [...(auth?.scopes ?? [])],
      claims: auth?.claims ?? null,
      user: (req as { user?: unknown }).user ?? null,
    };
  }

  @McpScopes('notes:write')
  @Tool({ description: 'Adds a note', inputSchema: { text: z.string() } })
  add_note(@McpArgs('text') text: string) {
    return `Saved ${text}.`;
  }

  @UseGuards(OwnerGuard)
  @Tool({ description: 'Archives the notes (owner only)' })
  archive() {
    return 'archived';
  }
}

const READER = { subject: 'bob', scopes: ['notes:read'] };
const WRITER = { subject: 'ada', clientId: 'cli-1', scopes: ['notes:read', 'notes:write'] };

/** The rejection of `promise`, which must be an McpError. */
async function refusal(promise: Promise<unknown>): Promise<McpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(McpError);
  return error as McpError;
}

/** The HTTP status and headers an in-memory refusal carries in `data`. */
function httpOf(error: McpError): { status: number; headers: Record<string, string> } {
  return error.data as { status: number; headers: Record<string, string> };
}

/** A testing module, its test clients closed after each test. */
function kit(imports: Array<DynamicModule>) {
  let moduleRef: TestingModule;
  const clients: McpClient[] = [];
  beforeAll(async () => {
    moduleRef = await Test.createTestingModule({
      imports,
      providers: [NotesTools, OwnerGuard],
    }).compile();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    seenByGuard.length = 0;
  });
  afterAll(() => moduleRef.close());
  const client = async (options?: McpTestClientOptions) => {
    const created = await createMcpTestClient(moduleRef, options);
    clients.push(created);
    return created;
  };
  return Object.assign(client, { server: () => moduleRef.get(McpServer, { strict: false }) });
}

/** The next notification of `method` a client gets (a bounded wait). */
function next(client: McpClient, method: string): Promise<Mcp.JsonRpcNotification> {
  return firstValueFrom(
    client.notifications$.pipe(
      filter((n) => n.method === method),
      timeout({ first: 5_000 }),
    ),
  );
}

describe('createMcpTestClient in an app with the in-app authorization server', () => {
  const issuer = 'http://127.0.0.1:4999';
  const client = kit([
    McpAuthorizationServerModule.forRoot({
      issuer,
      resource: `${issuer}/mcp`,
      scopes: ['notes:read', 'notes:write'],
      upstream: githubUpstream({ clientId: 'gh-client', clientSecret: 'gh-secret' }),
      protect: { requiredScopes: ['notes:read'] },
    }),
    McpModule.forRoot({ name: 'notes', version: '1.0.0', hideDeniedFromLists: true }),
  ]);

  it('calls as a principal with the scope: the scoped tool runs, the tool sees the principal', async () => {
    const writer = await client({ auth: WRITER });
    expect(names((await writer.listTools()).tools)).toEqual(['add_note', 'archive', 'whoami']);
    expect(firstText(await writer.callTool('add_note', { text: 'milk' }))).toBe('Saved milk.');
    expect((await writer.callTool('whoami', {})).structuredContent).toEqual({
      subject: 'ada',
      clientId: 'cli-1',
      scopes: ['notes:read', 'notes:write'],
      claims: { sub: 'ada', client_id: 'cli-1', scope: 'notes:read notes:write' },
      user: { sub: 'ada', clientId: 'cli-1', scopes: ['notes:read', 'notes:write'] },
    });
  });

  it('refuses a principal without the scope as HTTP does (403 insufficient_scope) and hides the tool', async () => {
    const reader = await client({ auth: READER });
    // archive: its guard denies bob; add_note: its scope
    expect(names((await reader.listTools()).tools)).toEqual(['whoami']);
    const refused = await refusal(reader.callTool('add_note', { text: 'milk' }));
    expect(refused.code).toBe(-32600);
    expect(refused.message).toBe('Insufficient scope: requires notes:write');
    expect(httpOf(refused).status).toBe(403);
    expect(httpOf(refused).headers['www-authenticate']).toBe(
      `Bearer resource_metadata="${issuer}/.well-known/oauth-protected-resource/mcp", ` +
        'scope="notes:read notes:write", error="insufficient_scope", ' +
        'error_description="Requires scope notes:write"',
    );
  });

  it('refuses a principal without the required scope at connect (403)', async () => {
    const refused = await refusal(client({ auth: { subject: 'eve', scopes: [] } }));
    expect(refused.message).toBe('Insufficient scope: requires notes:read');
    expect(httpOf(refused).status).toBe(403);
  });

  it.each([
    ['without the auth option', undefined],
    ['with auth: null', { auth: null }],
  ])('refuses an anonymous client (401) %s', async (_, options) => {
    const refused = await refusal(client(options));
    expect(refused.code).toBe(-32600);
    expect(refused.message).toBe('A bearer token is required');
    expect(httpOf(refused)).toEqual({
      status: 401,
      headers: {
        'www-authenticate': `Bearer resource_metadata="${issuer}/.well-known/oauth-protected-resource/mcp", scope="notes:read"`,
      },
    });
  });

  it('hands the principal to a guard, which decides', async () => {
    const writer = await client({ auth: WRITER });
    expect(firstText(await writer.callTool('archive', {}))).toBe('archived');
    const reader = await client({ auth: READER });
    expect(await reader.callTool('archive', {})).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Forbidden resource' }],
    });
    expect(seenByGuard).toEqual(['ada', 'bob']);
  });

  it('speaks the 2025 session era with the same decisions, its session bound to the principal', async () => {
    const legacy = { versionNegotiation: 'legacy' } as const;
    const reader = await client({ auth: READER, client: legacy });
    expect(reader.era).toBe('legacy');
    expect((await refusal(reader.callTool('add_note', { text: 'x' }))).message).toBe(
      'Insufficient scope: requires notes:write',
    );
    const writer = await client({ auth: WRITER, client: legacy });
    expect(firstText(await writer.callTool('add_note', { text: 'eggs' }))).toBe('Saved eggs.');
    expect((await refusal(client({ client: legacy }))).message).toBe('A bearer token is required');

    // Bound as over HTTP (`req.user.sub`): a broadcast to ada's sessions reaches the writer only.
    const seenByReader: string[] = [];
    reader.notifications$.subscribe((n) => seenByReader.push(n.method));
    const toAda = next(writer, 'acme/for-ada');
    const toAll = next(reader, 'acme/for-all');
    client.server().sendNotification('acme/for-ada', {}, { principal: 'sub:ada' });
    client.server().sendNotification('acme/for-all', {});
    await Promise.all([toAda, toAll]);
    expect(seenByReader).not.toContain('acme/for-ada');
  });
});

describe('createMcpTestClient decides as the HTTP endpoint does (auth option, one verifier)', () => {
  /** The tokens the verifier knows, standing in for an authorization server. */
  const TOKENS: Record<string, Omit<McpAuthInfo, 'token' | 'audience'>> = {
    'reader-token': { subject: 'bob', scopes: ['notes:read'], claims: {} },
    'writer-token': { subject: 'ada', scopes: ['notes:read', 'notes:write'], claims: {} },
  };
  const resource = 'http://127.0.0.1:4998/mcp';
  const notes = (protectEndpoint: boolean) =>
    McpModule.forRoot({
      name: 'notes',
      version: '1.0.0',
      hideDeniedFromLists: true,
      auth: {
        resource,
        authorizationServers: ['http://127.0.0.1:4999'],
        requiredScopes: protectEndpoint ? ['notes:read'] : [],
        protectEndpoint,
        verifier: (token) => {
          const known = TOKENS[token];
          if (!known) return Promise.reject(new Error('unknown token'));
          return Promise.resolve({ ...known, token, audience: [resource] });
        },
      },
    });

  describe('a protected endpoint', () => {
    let booted: BootedApp;
    const client = kit([notes(true)]);
    beforeAll(async () => {
      booted = await bootApp({ imports: [notes(true)], providers: [NotesTools, OwnerGuard] });
    });
    afterAll(() => booted.close());

    it('gives a call without the scope the error an HTTP client gets, whether the token is verified or given', async () => {
      const http = await connectOwn(booted.url(), { authorization: 'Bearer reader-token' });
      try {
        const overHttp = await refusal(http.client.callTool('add_note', { text: 'x' }));
        const verified = await client({ headers: { authorization: 'Bearer reader-token' } });
        const given = await client({ auth: READER });
        for (const inMemory of [verified, given]) {
          const refused = await refusal(inMemory.callTool('add_note', { text: 'x' }));
          expect({ code: refused.code, message: refused.message }).toEqual({
            code: overHttp.code,
            message: overHttp.message,
          });
          expect(names((await inMemory.listTools()).tools)).toEqual(
            names((await http.client.listTools()).tools),
          );
        }
        expect(overHttp.message).toBe('Insufficient scope: requires notes:write');
      } finally {
        await http.close();
      }
    });

    it('refuses a token the verifier refuses (401 invalid_token)', async () => {
      const refused = await refusal(client({ headers: { authorization: 'Bearer forged' } }));
      expect(refused.message).toBe('The access token could not be verified');
      expect(httpOf(refused).status).toBe(401);
    });
  });

  describe('protectEndpoint: false', () => {
    const client = kit([notes(false)]);

    it('serves an anonymous client the open tools and refuses it the scoped one (401)', async () => {
      const anonymous = await client({ auth: null });
      expect(names((await anonymous.listTools()).tools)).toEqual(['whoami']);
      expect((await anonymous.callTool('whoami', {})).structuredContent).toMatchObject({
        subject: null,
      });
      const refused = await refusal(anonymous.callTool('add_note', { text: 'x' }));
      expect(refused.message).toBe('A bearer token is required');
      expect(httpOf(refused).status).toBe(401);
      const writer = await client({ auth: WRITER });
      expect(firstText(await writer.callTool('add_note', { text: 'tea' }))).toBe('Saved tea.');
    });
  });
});
