import { completeLogin } from '../../../sample/05-auth/src/oauth/headless-login.js';
import { bootOAuthSample, type BootedOAuthSample } from '../nest/support/oauth-sample.js';
import { CliProcess } from './support/cli-process.js';

// Each step spawns a process or runs a login; a shared, loaded machine can make that slow.
import.meta.jest.setTimeout(90_000);

/**
 * The built bin against sample/05-auth: `add_note` needs `notes:write` and is hidden from a
 * `notes:read` token's list (`hideDeniedFromLists`). `call add_note` is still sent; the 403
 * `insufficient_scope` makes the CLI's OAuth client ask for the wider scope (step-up).
 */
describe('nestjs-mcp --oauth: a hidden tool and the step-up', () => {
  let sample: BootedOAuthSample;
  beforeAll(async () => {
    sample = await bootOAuthSample();
  });
  afterAll(() => sample.close());

  /** Plays the browser for the URL the CLI printed: logs in as carol, then hits the redirect. */
  const login = async (cli: CliProcess) => {
    const [, url] = await cli.expect(/Open this URL to authorize nestjs-mcp:\s+(\S+)/, 45_000);
    const redirect = await completeLogin(new URL(url!), 'carol');
    await (await fetch(redirect)).text();
    return new URL(url!);
  };

  it('calls a tool the list hides and steps up to notes:write', async () => {
    const cli = new CliProcess(['--no-history', '--oauth', sample.resource]);
    try {
      const first = await login(cli);
      expect(first.searchParams.get('scope')!.split(' ')).not.toContain('notes:write');
      await cli.expect('mcp> ', 45_000);
      cli.send('tools');
      await cli.expect(/whoami/);
      cli.send('call add_note {"text": "call mum"}');
      const second = await login(cli);
      expect(second.searchParams.get('scope')!.split(' ')).toContain('notes:write');
      await cli.expect('Saved. You have 1 note(s).', 45_000);
      const run = await cli.end();
      expect(run.code).toBe(0);
      expect(run.stderr).not.toMatch(/unknown tool/);
      expect(run.stdout.split('Saved.')[0]).not.toMatch(/^add_note /m); // hidden from the list
    } finally {
      cli.kill();
    }
  });
});
