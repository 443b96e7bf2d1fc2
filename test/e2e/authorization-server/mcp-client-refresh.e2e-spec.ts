import {
  InMemoryOAuthStore,
  McpClient,
  McpOAuthClient,
  StreamableHttpClientTransport,
} from '../../../lib/index.js';
import { BrowserUser } from './support/browser-user.js';
import { bootDemo, type BootedDemo } from './support/boot-demo.js';
import { postForm, RAW_REDIRECT } from './support/raw-oauth.js';

describe('McpAuthorizationServerModule with McpClient: DCR, refresh rotation, reuse, revocation', () => {
  let demo: BootedDemo;
  beforeAll(async () => {
    demo = await bootDemo('github');
  });
  afterAll(() => demo.close());

  it('refreshes with rotation without a new sign-in; a replayed refresh token revokes the family', async () => {
    const store = new InMemoryOAuthStore();
    const opened: URL[] = [];
    const user = new BrowserUser();
    const auth = new McpOAuthClient({
      store,
      // Every token counts as about to expire: each call refreshes first.
      refreshSkewMs: 60 * 60_000,
      interaction: {
        redirectUri: () => RAW_REDIRECT,
        authorize: async (url: URL) => {
          opened.push(url);
          const { redirect } = await user.walk(url, new URL(RAW_REDIRECT).origin);
          return redirect!;
        },
      },
    });
    const client = new McpClient({
      transport: new StreamableHttpClientTransport(demo.booted.url(), { auth }),
      versionNegotiation: { pin: '2025-11-25' },
    });
    try {
      await client.connect();
      const first = (await store.getTokens(demo.resource))!;
      expect(first.refreshToken).toEqual(expect.any(String));

      await client.callTool('whoami', {});
      const second = (await store.getTokens(demo.resource))!;
      expect(second.refreshToken).not.toBe(first.refreshToken); // rotated
      expect(opened).toHaveLength(1); // no new sign-in

      // Someone replays the first refresh token: the grant and all its tokens are revoked.
      const registration = (await store.getClient(demo.issuer))!;
      const reuse = await postForm(`${demo.issuer}/oauth/token`, {
        grant_type: 'refresh_token',
        refresh_token: first.refreshToken!,
        client_id: registration.clientId,
      });
      expect(reuse.body.error).toBe('invalid_grant');

      // The client's own (newest) refresh token is dead too: the whole family went.
      const latest = (await store.getTokens(demo.resource))!;
      const family = await postForm(`${demo.issuer}/oauth/token`, {
        grant_type: 'refresh_token',
        refresh_token: latest.refreshToken!,
        client_id: registration.clientId,
      });
      expect(family.body.error).toBe('invalid_grant');
    } finally {
      await client.close();
    }
  });
});
