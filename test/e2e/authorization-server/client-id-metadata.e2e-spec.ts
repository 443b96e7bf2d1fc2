import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpClient, McpOAuthClient, StreamableHttpClientTransport } from '../../../lib/index.js';
import { TestOAuthProvider } from '../nest/support/sdk-oauth-provider.js';
import { BrowserUser } from './support/browser-user.js';
import { bootDemo, type BootedDemo } from './support/boot-demo.js';
import {
  startMetadataDocumentServer,
  type MetadataDocumentServer,
} from './support/metadata-document-server.js';
import { authorizationUrl, pkce, RAW_REDIRECT } from './support/raw-oauth.js';

const CLIENT_ORIGIN = new URL(RAW_REDIRECT).origin;

/** A client's metadata document naming `clientId` as its own. */
const documentFor = (clientId: string, extra: Record<string, unknown> = {}) => ({
  client_id: clientId,
  client_name: 'CIMD client',
  redirect_uris: [RAW_REDIRECT],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
  ...extra,
});

describe('McpAuthorizationServerModule: Client ID Metadata Documents', () => {
  let documents: MetadataDocumentServer;

  beforeAll(async () => {
    documents = await startMetadataDocumentServer(); // self-signed: read with documents.fetch
  });
  afterAll(() => documents.close());

  describe('with private addresses allowed (development)', () => {
    let demo: BootedDemo;
    beforeAll(async () => {
      demo = await bootDemo('github', {
        clientIdMetadataDocuments: {
          allowPrivateAddresses: true,
          timeoutMs: 1000,
          maxBytes: 2048,
          fetch: documents.fetch,
        },
      });
    });
    afterAll(() => demo.close());

    /** Walks an authorization for `clientId` and returns where it stopped. */
    function walk(clientId: string) {
      const url = authorizationUrl(demo.issuer, {
        client_id: clientId,
        scope: 'notes:read',
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
      });
      return new BrowserUser().walk(url, CLIENT_ORIGIN);
    }

    it('lets the SDK v1 client use its metadata URL as client_id, with no registration', async () => {
      const url = documents.serve('/sdk.json', documentFor(`${documents.origin}/sdk.json`));
      const provider = Object.assign(
        new TestOAuthProvider({ refreshTokens: false, name: 'cimd' }),
        {
          clientMetadataUrl: url,
        },
      );
      const first = new StreamableHTTPClientTransport(demo.booted.url(), {
        authProvider: provider,
      });
      await expect(new Client({ name: 'c', version: '1' }).connect(first)).rejects.toBeInstanceOf(
        UnauthorizedError,
      );
      expect(provider.pendingAuthorization.searchParams.get('client_id')).toBe(url);
      const { redirect } = await new BrowserUser().walk(
        provider.pendingAuthorization,
        CLIENT_ORIGIN,
      );
      await first.finishAuth(redirect!.searchParams.get('code')!);
      const client = new Client({ name: 'c', version: '1' });
      await client.connect(
        new StreamableHTTPClientTransport(demo.booted.url(), { authProvider: provider }),
      );
      const me = await client.callTool({ name: 'whoami', arguments: {} });
      expect(me.structuredContent).toMatchObject({ subject: 'github:583231', clientId: url });
      await client.close();
    });

    it('lets McpClient sign in with its metadata URL, call a tool and step up', async () => {
      const url = documents.serve(
        '/mcp-client.json',
        documentFor(`${documents.origin}/mcp-client.json`),
      );
      const opened: URL[] = [];
      const user = new BrowserUser();
      const auth = new McpOAuthClient({
        clientMetadataUrl: url,
        interaction: {
          redirectUri: () => RAW_REDIRECT,
          authorize: async (authorizationUrl: URL) => {
            opened.push(authorizationUrl);
            const { redirect, page } = await user.walk(authorizationUrl, CLIENT_ORIGIN);
            if (!redirect)
              throw new Error(
                `stopped at ${page?.status} ${page?.html.replace(/<[^>]+>/g, ' ').slice(-400)}`,
              );
            return redirect;
          },
        },
      });
      const client = new McpClient({
        transport: new StreamableHttpClientTransport(demo.booted.url(), { auth }),
        versionNegotiation: { pin: '2025-11-25' },
      });
      try {
        await client.connect();
        expect(opened[0]!.searchParams.get('client_id')).toBe(url);
        const me = await client.callTool('whoami', {});
        expect(me.structuredContent).toMatchObject({ subject: 'github:583231', clientId: url });
        const saved = await client.callTool('add_note', { text: 'from McpClient' });
        expect(saved.content).toEqual([{ type: 'text', text: 'Saved. You have 1 note(s).' }]);
        expect(opened).toHaveLength(2); // the step-up
      } finally {
        await client.close();
      }
    });

    it('refuses a document naming another client_id, an oversized one and a slow one', async () => {
      const foreign = documents.serve(
        '/foreign.json',
        documentFor('https://other.example/client.json'),
      );
      const big = documents.serve(
        '/big.json',
        documentFor(`${documents.origin}/big.json`, { padding: 'x'.repeat(4096) }),
      );
      const slow = documents.serve(
        '/slow.json',
        documentFor(`${documents.origin}/slow.json`),
        3000,
      );
      const expected = [
        [foreign, 'invalid_client_metadata: client_id metadata document client_id does not match'],
        [big, 'invalid_client: client_id metadata document fetch failed'], // over maxBytes (2048)
        [slow, 'invalid_client: client_id metadata document fetch failed'], // over timeoutMs (1000)
      ] as const;
      for (const [clientId, message] of expected) {
        const { redirect, page } = await walk(clientId);
        expect(redirect).toBeUndefined();
        expect(page!.status).toBe(400);
        expect(page!.html).toContain(message);
      }
      expect(documents.requests).toEqual(
        expect.arrayContaining(['/foreign.json', '/big.json', '/slow.json']),
      );
    });
  });

  it('refuses a document on a private address by default (SSRF)', async () => {
    const demo = await bootDemo('github', {
      clientIdMetadataDocuments: { fetch: documents.fetch },
    });
    try {
      const url = documents.serve('/private.json', documentFor(`${documents.origin}/private.json`));
      const { redirect, page } = await new BrowserUser().walk(
        authorizationUrl(demo.issuer, {
          client_id: url,
          scope: 'notes:read',
          code_challenge: pkce().challenge,
          code_challenge_method: 'S256',
        }),
        CLIENT_ORIGIN,
      );
      expect(redirect).toBeUndefined();
      expect(page!.status).toBe(400);
      expect(page!.html).toContain('invalid_client: client_id metadata document fetch not allowed');
      expect(documents.requests).not.toContain('/private.json'); // never fetched
    } finally {
      await demo.close();
    }
  });
});
