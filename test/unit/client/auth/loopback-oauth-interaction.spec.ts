import { LoopbackOAuthInteraction } from '../../../../lib/client/auth/loopback-oauth-interaction.js';

describe('LoopbackOAuthInteraction (a real 127.0.0.1 socket)', () => {
  let interaction: LoopbackOAuthInteraction;

  afterEach(async () => {
    await interaction.close();
  });

  it('listens on a free loopback port and resolves with the redirect it receives', async () => {
    const shown: URL[] = [];
    interaction = new LoopbackOAuthInteraction({
      onAuthorizationUrl: (url) => void shown.push(url),
    });
    const redirectUri = await interaction.redirectUri();
    expect(redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(await interaction.redirectUri()).toBe(redirectUri); // one server, one port

    const authorizationUrl = new URL('https://as.example.com/authorize?state=s');
    const waiting = interaction.authorize(authorizationUrl, redirectUri);
    await Promise.resolve();
    expect(shown).toEqual([authorizationUrl]);
    const page = await fetch(`${redirectUri}?code=c&state=s&iss=x`);
    expect(page.status).toBe(200);
    await page.text();
    const redirect = await waiting;
    expect(redirect.searchParams.get('code')).toBe('c');
    expect(redirect.searchParams.get('state')).toBe('s');
  });

  it('answers 404 off the callback path and 409 when no authorization waits', async () => {
    interaction = new LoopbackOAuthInteraction({ onAuthorizationUrl: () => undefined });
    const redirectUri = await interaction.redirectUri();
    const other = await fetch(new URL('/favicon.ico', redirectUri));
    expect(other.status).toBe(404);
    await other.text();
    const stale = await fetch(`${redirectUri}?code=c`);
    expect(stale.status).toBe(409);
    await stale.text();
  });

  it('fails a pending authorization with McpAuthError when closed', async () => {
    interaction = new LoopbackOAuthInteraction({ onAuthorizationUrl: () => undefined });
    const redirectUri = await interaction.redirectUri();
    const waiting = interaction.authorize(new URL('https://as.example.com/authorize'), redirectUri);
    await Promise.resolve();
    await interaction.close();
    await expect(waiting).rejects.toMatchObject({
      name: 'McpAuthError',
      code: 'authorization_cancelled',
    });
  });
});
