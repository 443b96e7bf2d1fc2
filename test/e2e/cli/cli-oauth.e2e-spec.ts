import { startProtectedMcpApp } from '../auth/support/protected-mcp-app.js';
import { startTinyAuthorizationServer } from '../auth/support/tiny-authorization-server.js';
import { CliProcess } from './support/cli-process.js';

/** `nestjs-mcp --oauth` against a protected server: the user opens the printed URL. */
describe('CLI --oauth (built bin, real authorization server)', () => {
  let app: Awaited<ReturnType<typeof startProtectedMcpApp>>;
  let as: Awaited<ReturnType<typeof startTinyAuthorizationServer>>;

  beforeAll(async () => {
    let issuer = '';
    app = await startProtectedMcpApp(() => issuer);
    as = await startTinyAuthorizationServer((token) => app.valid.add(token));
    issuer = as.issuer;
  });

  afterAll(async () => {
    await app.close();
    await as.close();
  });

  it('prints the authorization URL, receives the redirect on 127.0.0.1 and lists the tools', async () => {
    const cli = new CliProcess(['list-tools', '--oauth', app.mcpUrl.href]);
    try {
      const [, url] = await cli.expect(/Open this URL to authorize nestjs-mcp:\s+(\S+)/);
      const page = await fetch(url!); // the browser: consent, then the loopback redirect
      expect(page.status).toBe(200);
      await page.text();
      const run = await cli.end();
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('echo');
      expect(as.to('/authorize')[0]!.params.get('redirect_uri')).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+\/callback$/,
      );
    } finally {
      cli.kill();
    }
  });

  it('without --oauth the 401 is an error naming the status', async () => {
    const cli = new CliProcess(['list-tools', app.mcpUrl.href]);
    const run = await cli.end();
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/401/);
  });
});
