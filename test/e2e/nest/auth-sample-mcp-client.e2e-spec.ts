import { McpClient, McpOAuthClient, StreamableHttpClientTransport } from '../../../lib/index.js';
import type { AuthorizationServer } from '../../../sample/05-auth/src/oauth/authorization-server.js';
import { HeadlessUser } from '../../../sample/05-auth/src/oauth/headless-user.js';
import type { BootedApp } from './support/nest-app.js';
import { bootOAuthSample, type BootedOAuthSample } from './support/oauth-sample.js';
import { PLATFORMS } from './support/platforms.js';

describe.each(PLATFORMS)('sample/05-auth on %s: OAuth 2.1 with McpClient', (platform) => {
  let sample: BootedOAuthSample;
  let as: AuthorizationServer;
  let booted: BootedApp;
  let resource: string;
  const clients: McpClient[] = [];

  beforeAll(async () => {
    sample = await bootOAuthSample(platform);
    ({ as, booted, resource } = sample);
  });
  afterEach(() => Promise.all(clients.splice(0).map((c) => c.close())));
  afterAll(() => sample.close());

  function connect(user: HeadlessUser, options: { refreshSkewMs?: number } = {}) {
    const auth = new McpOAuthClient({ interaction: user, ...options });
    const transport = new StreamableHttpClientTransport(booted.url(), { auth });
    const client = new McpClient({ transport, versionNegotiation: { pin: '2025-11-25' } });
    clients.push(client);
    return Object.assign(client, { sessionId: () => transport.sessionId });
  }

  it('authorizes, calls a tool, steps up on 403 by itself and keeps the session', async () => {
    const user = new HeadlessUser('carol');
    const client = connect(user);
    await client.connect();
    expect(user.opened).toHaveLength(1);
    const first = user.opened[0]!;
    expect(first.searchParams.get('scope')!.split(' ')).toContain('notes:read');
    expect(first.searchParams.get('scope')!.split(' ')).not.toContain('notes:write');
    expect(first.searchParams.get('resource')).toBe(resource);
    expect(first.searchParams.get('code_challenge_method')).toBe('S256');

    const me = await client.callTool('whoami', {});
    expect(me.structuredContent).toMatchObject({ subject: 'carol' });
    const sessionId = client.sessionId();
    expect(sessionId).toEqual(expect.any(String));

    const saved = await client.callTool('add_note', { text: 'call mum' });
    expect(saved.content).toEqual([{ type: 'text', text: 'Saved. You have 1 note(s).' }]);
    expect(user.opened).toHaveLength(2); // the 403 led to one more authorization
    expect(user.opened[1]!.searchParams.get('scope')!.split(' ')).toEqual(
      expect.arrayContaining(['notes:read', 'notes:write']),
    );
    const notes = await client.callTool('list_notes', {});
    expect(notes.structuredContent).toEqual({ notes: ['call mum'] });
    expect(client.sessionId()).toBe(sessionId); // same subject: the session goes on
  });

  it('refreshes an expired access token without asking the user again', async () => {
    as.setAccessTokenTtl(2);
    try {
      const user = new HeadlessUser('dan');
      const client = connect(user, { refreshSkewMs: 0 });
      await client.connect();
      const me = await client.callTool('whoami', {});
      expect(me.structuredContent).toMatchObject({ subject: 'dan' });
      // The server's view: wait until a token issued now is past its expiry.
      const expiresAt = Date.now() / 1000 + 2;
      while (Date.now() / 1000 <= expiresAt + 0.5) await new Promise((r) => setTimeout(r, 250));
      const refreshes = as.refreshes;
      const again = await client.callTool('whoami', {});
      expect(again.structuredContent).toMatchObject({ subject: 'dan' });
      expect(as.refreshes).toBe(refreshes + 1);
      expect(user.opened).toHaveLength(1);
    } finally {
      as.setAccessTokenTtl(600);
    }
  });
});
