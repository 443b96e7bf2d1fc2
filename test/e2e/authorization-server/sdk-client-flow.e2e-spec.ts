import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { TestOAuthProvider } from '../nest/support/sdk-oauth-provider.js';
import { BrowserUser } from './support/browser-user.js';
import { bootDemo, type BootedDemo } from './support/boot-demo.js';

const CLIENT_ORIGIN = 'http://127.0.0.1:9';

describe.each([
  ['github', 'express'],
  ['google', 'fastify'],
] as const)(
  'McpAuthorizationServerModule with a %s-shaped upstream on %s: the official SDK v1 client',
  (kind, platform) => {
    let demo: BootedDemo;
    const clients: Client[] = [];

    beforeAll(async () => {
      demo = await bootDemo(kind, {}, platform);
    });
    afterEach(() => Promise.all(clients.splice(0).map((c) => c.close())));
    afterAll(() => demo.close());

    /** The user finishes the authorization the SDK asked for; the SDK exchanges the code. */
    async function authorize(
      provider: TestOAuthProvider,
      transport: StreamableHTTPClientTransport,
      user: BrowserUser,
    ) {
      const opened = provider.pendingAuthorization;
      const { redirect, page, consents } = await user.walk(opened, CLIENT_ORIGIN);
      expect(page).toBeUndefined();
      expect(redirect!.searchParams.get('error')).toBeNull();
      expect(redirect!.searchParams.get('state')).toBe(provider.expectedState);
      expect(redirect!.searchParams.get('iss')).toBe(demo.issuer); // RFC 9207
      await transport.finishAuth(redirect!.searchParams.get('code')!);
      return { opened, consents };
    }

    async function connect(provider: TestOAuthProvider, user: BrowserUser) {
      const first = new StreamableHTTPClientTransport(demo.booted.url(), {
        authProvider: provider,
      });
      await expect(new Client({ name: 'sdk', version: '1' }).connect(first)).rejects.toBeInstanceOf(
        UnauthorizedError,
      );
      const authorized = await authorize(provider, first, user);
      const transport = new StreamableHTTPClientTransport(demo.booted.url(), {
        authProvider: provider,
      });
      const client = new Client({ name: 'sdk', version: '1' });
      await client.connect(transport);
      clients.push(client);
      return { client, transport, ...authorized };
    }

    it('publishes RFC 8414 metadata: code + S256 only, iss in responses, DCR, CIMD, DPoP, revocation', async () => {
      const response = await fetch(demo.booted.url('/.well-known/oauth-authorization-server'));
      expect(response.status).toBe(200);
      const metadata = (await response.json()) as Record<string, unknown>;
      expect(metadata).toMatchObject({
        issuer: demo.issuer,
        authorization_endpoint: `${demo.issuer}/oauth/authorize`,
        token_endpoint: `${demo.issuer}/oauth/token`,
        registration_endpoint: `${demo.issuer}/oauth/register`,
        revocation_endpoint: `${demo.issuer}/oauth/revoke`,
        jwks_uri: `${demo.issuer}/oauth/jwks`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
        authorization_response_iss_parameter_supported: true,
        client_id_metadata_document_supported: true,
      });
      expect(metadata.dpop_signing_alg_values_supported).toEqual(expect.any(Array));
      expect(metadata.scopes_supported).toEqual(
        expect.arrayContaining(['notes:read', 'notes:write', 'offline_access']),
      );
      // The MCP endpoint points at it with no `auth` option of its own.
      const prm = (await (
        await fetch(demo.booted.url('/.well-known/oauth-protected-resource/mcp'))
      ).json()) as Record<string, unknown>;
      expect(prm).toMatchObject({
        resource: demo.resource,
        authorization_servers: [demo.issuer],
        scopes_supported: ['notes:read', 'notes:write'],
      });
    });

    it('registers (DCR), signs in upstream, consents, calls a tool as the upstream identity, steps up', async () => {
      // Without refresh tokens: SDK v1 answers a 403 with a refresh first when it has one, and a
      // refresh cannot widen the scope (RFC 6749 §6), so its step-up needs a new authorization.
      const provider = new TestOAuthProvider({ refreshTokens: false, name: `${kind}-sdk` });
      const user = new BrowserUser();
      const { client, transport, opened, consents } = await connect(provider, user);
      expect(consents).toBe(1);
      expect(opened.searchParams.get('resource')).toBe(demo.resource);
      expect(opened.searchParams.get('code_challenge_method')).toBe('S256');
      expect(demo.upstream.exchanges).toBeGreaterThan(0);

      const access = provider.tokens()!.access_token;
      expect(decodeProtectedHeader(access).typ).toBe('at+jwt');
      expect(decodeJwt(access)).toMatchObject({
        iss: demo.issuer,
        aud: demo.resource,
        sub: `${kind}:583231`,
        scope: 'notes:read',
      });
      const me = await client.callTool({ name: 'whoami', arguments: {} });
      expect(me.structuredContent).toMatchObject({
        subject: `${kind}:583231`,
        scopes: ['notes:read'],
      });

      // notes:write is missing: 403 insufficient_scope, the SDK asks again, the user consents.
      await expect(
        client.callTool({ name: 'add_note', arguments: { text: 'hello' } }),
      ).rejects.toBeInstanceOf(UnauthorizedError);
      const stepUp = await authorize(provider, transport, user);
      expect(stepUp.opened.searchParams.get('scope')!.split(' ')).toContain('notes:write');
      expect(stepUp.consents).toBe(1);
      const saved = await client.callTool({ name: 'add_note', arguments: { text: 'hello' } });
      expect(saved.content).toEqual([{ type: 'text', text: 'Saved. You have 1 note(s).' }]);
    });
  },
);
