import type { Browser, Page } from 'playwright-core';
import { InvalidTokenError, type McpAuthInfo } from '../../../lib/index.js';
import { hasChromium, launchChromium } from '../../support/chromium.js';
import { startTinyAuthorizationServer } from '../auth/support/tiny-authorization-server.js';
import type { BootedApp } from '../nest/support/nest-app.js';
import { bootNotesApp } from '../auth/support/notes-app.js';
import { openTool } from './support/explorer-page.js';

const describeBrowser = hasChromium ? describe : describe.skip;

/**
 * The explorer signs in at whatever authorization server the protected-resource metadata names,
 * not only the app's own: an app with the `auth` option (no authorization server in it) names a
 * separate one on another origin (the tiny stand-in, answering browsers with CORS). In headless
 * Chromium the page registers there (DCR), sends the user through its authorization endpoint with
 * PKCE S256 and the MCP URL as `resource`, redeems the code there, connects with the token, and
 * steps up there on 403 `insufficient_scope`.
 */
describeBrowser('explorer sign-in at an authorization server of another origin (Chromium)', () => {
  const granted = new Map<string, string[]>();
  let as: Awaited<ReturnType<typeof startTinyAuthorizationServer>>;
  let app: BootedApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    as = await startTinyAuthorizationServer(
      (token, scope) => granted.set(token, scope?.split(' ') ?? []),
      { cors: true },
    );
    ({ app } = await bootNotesApp(
      (resource) => ({
        resource,
        authorizationServers: [as.issuer],
        scopesSupported: ['notes:read', 'notes:write'],
        requiredScopes: ['notes:read'],
        verifier: {
          // The stand-in's tokens are opaque: it reports each one it hands out.
          verify: async (token): Promise<McpAuthInfo> => {
            const scopes = granted.get(token);
            if (!scopes) throw new InvalidTokenError('Unknown access token');
            return { token, subject: 'ada', scopes, audience: [resource], claims: {} };
          },
        },
      }),
      { explorer: true },
    ));
    browser = await launchChromium();
    page = await browser.newPage();
    page.on('pageerror', (error) => console.error('explorer page error:', error));
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await as?.close();
  });

  it('registers and signs in there with PKCE, then connects with its token', async () => {
    await page.goto(`${app.origin}/explorer`);
    await page.click('#connect');
    await page.waitForSelector('body[data-connected]', { timeout: 20_000 });
    expect(page.url()).toBe(`${app.origin}/explorer`);
    expect(await page.textContent('#principal')).toContain('notes:read');

    expect(as.to('/register')).toHaveLength(1);
    const [authorize] = as.to('/authorize');
    expect(authorize!.params.get('code_challenge_method')).toBe('S256');
    expect(authorize!.params.get('resource')).toBe(`${app.origin}/mcp`);
    expect(authorize!.params.get('redirect_uri')).toBe(`${app.origin}/explorer`);
    expect(as.to('/token').map((r) => r.params.get('grant_type'))).toEqual(['authorization_code']);

    await openTool(page, 'whoami');
    await page.click('#run');
    await page.locator('#result', { hasText: '"ada"' }).waitFor();
  }, 60_000);

  it('steps up there on 403 insufficient_scope and runs the call again', async () => {
    await openTool(page, 'add_note');
    await page.fill('#arg-text', 'from another origin');
    await page.click('#run');
    const stepUp = page.locator('#step-up');
    await stepUp.waitFor({ timeout: 20_000 });
    expect(await stepUp.textContent()).toContain('notes:write');
    await Promise.all([page.waitForURL(`${app.origin}/explorer**`), stepUp.click()]);
    await page.waitForSelector('body[data-connected]', { timeout: 20_000 });
    await page.locator('#result', { hasText: /Saved\. You have 1 note/ }).waitFor();
    const [, again] = as.to('/authorize');
    expect(again!.params.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['notes:read', 'notes:write']),
    );
    expect(await page.textContent('#principal')).toContain('notes:write');
  }, 60_000);
});
