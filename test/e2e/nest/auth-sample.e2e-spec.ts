import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { decodeJwt } from 'jose';
import type { AuthorizationServer } from '../../../sample/05-auth/src/oauth/authorization-server.js';
import { completeLogin } from '../../../sample/05-auth/src/oauth/headless-login.js';
import { rawRequest } from '../support/raw-http.js';
import { firstText, names } from './support/clients.js';
import type { BootedApp } from './support/nest-app.js';
import { bootOAuthSample, type BootedOAuthSample } from './support/oauth-sample.js';
import { PLATFORMS } from './support/platforms.js';
import { TestOAuthProvider } from './support/sdk-oauth-provider.js';

/** Plays the user: opens the URL the client asked for, logs in, hands the code back. */
async function authorize(
  provider: TestOAuthProvider,
  transport: StreamableHTTPClientTransport,
  login: string,
): Promise<URL> {
  const opened = provider.pendingAuthorization;
  const redirect = await completeLogin(opened, login);
  expect(redirect.searchParams.get('error')).toBeNull();
  expect(redirect.searchParams.get('state')).toBe(provider.expectedState);
  await transport.finishAuth(redirect.searchParams.get('code')!);
  return opened;
}

describe.each(PLATFORMS)(
  'sample/05-auth on %s: OAuth 2.1 with the official SDK client',
  (platform) => {
    let sample: BootedOAuthSample;
    let as: AuthorizationServer;
    let booted: BootedApp;
    let resource: string;
    const clients: Client[] = [];

    beforeAll(async () => {
      sample = await bootOAuthSample(platform);
      ({ as, booted, resource } = sample);
    });
    afterEach(() => Promise.all(clients.splice(0).map((c) => c.close())));
    afterAll(() => sample.close());

    /** Connects through the whole authorization code flow: 401, discovery, DCR, login, token. */
    async function connectAuthorized(provider: TestOAuthProvider, login: string) {
      const first = new StreamableHTTPClientTransport(booted.url(), { authProvider: provider });
      const refused = new Client({ name: 'sdk-oauth', version: '1' });
      await expect(refused.connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
      const opened = await authorize(provider, first, login);
      const transport = new StreamableHTTPClientTransport(booted.url(), { authProvider: provider });
      const client = new Client({ name: 'sdk-oauth', version: '1' });
      await client.connect(transport);
      clients.push(client);
      return { client, transport, opened };
    }

    it('serves the protected resource metadata at both well-known paths, readable cross-origin', async () => {
      for (const path of [
        '/.well-known/oauth-protected-resource/mcp',
        '/.well-known/oauth-protected-resource',
      ]) {
        const response = await rawRequest(booted.url(path), {
          method: 'GET',
          headers: { origin: 'https://app.example' },
        });
        expect(response.status).toBe(200);
        expect(response.headers['access-control-allow-origin']).toBe('*');
        expect(JSON.parse(response.text)).toEqual({
          resource,
          authorization_servers: [as.issuer],
          scopes_supported: ['notes:read', 'notes:write'],
          bearer_methods_supported: ['header'],
          resource_name: 'Notes (nestjs-mcp OAuth sample)',
          dpop_signing_alg_values_supported: ['ES256', 'ES384', 'EdDSA', 'PS256', 'RS256'],
        });
      }
      const other = await rawRequest(booted.url('/.well-known/oauth-protected-resource/other'), {
        method: 'GET',
      });
      expect(other.status).toBe(404);
    });

    it('authorizes with the code flow, calls a tool, steps up to notes:write on 403, and keeps the session', async () => {
      const provider = new TestOAuthProvider({ refreshTokens: false, name: 'step-up' });
      const { client, transport, opened } = await connectAuthorized(provider, 'alice');
      expect(opened.searchParams.get('scope')).toBe('notes:read'); // from the 401 challenge
      expect(opened.searchParams.get('resource')).toBe(resource);
      expect(opened.searchParams.get('code_challenge_method')).toBe('S256');

      const me = await client.callTool({ name: 'whoami', arguments: {} });
      expect(me.structuredContent).toMatchObject({ subject: 'alice', scopes: ['notes:read'] });
      expect(names((await client.listTools()).tools)).toEqual(['list_notes', 'whoami']);
      const sessionId = transport.sessionId;

      // add_note needs notes:write: 403 insufficient_scope, the SDK asks to authorize again.
      await expect(
        client.callTool({ name: 'add_note', arguments: { text: 'buy milk' } }),
      ).rejects.toBeInstanceOf(UnauthorizedError);
      const stepUp = await authorize(provider, transport, 'alice');
      expect(stepUp.searchParams.get('scope')!.split(' ').sort()).toEqual([
        'notes:read',
        'notes:write',
      ]);

      const saved = await client.callTool({ name: 'add_note', arguments: { text: 'buy milk' } });
      expect(firstText(saved)).toBe('Saved. You have 1 note(s).');
      expect(transport.sessionId).toBe(sessionId); // same subject: the session goes on
      expect(names((await client.listTools()).tools)).toEqual(['add_note', 'list_notes', 'whoami']);
      const notes = await client.callTool({ name: 'list_notes', arguments: {} });
      expect(notes.structuredContent).toEqual({ notes: ['buy milk'] });
    });

    it('refreshes an expired access token and goes on', async () => {
      as.setAccessTokenTtl(2);
      try {
        const provider = new TestOAuthProvider({ refreshTokens: true, name: 'refresher' });
        const { client } = await connectAuthorized(provider, 'bob');
        const before = provider.tokens()!;
        expect(before.refresh_token).toEqual(expect.any(String));
        const { exp } = decodeJwt(before.access_token);
        // Wait until the token is past its expiry (not a timing assert: the server decides).
        expect(exp! - Date.now() / 1000).toBeLessThanOrEqual(2); // the short TTL applies
        while (Date.now() / 1000 <= exp! + 0.2) await new Promise((r) => setTimeout(r, 250));
        const refreshes = as.refreshes;

        const me = await client.callTool({ name: 'whoami', arguments: {} });
        expect(me.structuredContent).toMatchObject({ subject: 'bob' });
        expect(as.refreshes).toBe(refreshes + 1);
        expect(provider.tokens()!.access_token).not.toBe(before.access_token);
      } finally {
        as.setAccessTokenTtl(600);
      }
    });
  },
);
