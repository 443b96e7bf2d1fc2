import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AppModule } from '../../../sample/11-authorization-server/src/app.module.js';
import { hasChromium, launchChromium } from '../../support/chromium.js';
import { freePort } from '../support/free-port.js';
import { bootApp } from '../nest/support/nest-app.js';
import { demoOf, presetFor, type BootedDemo } from '../authorization-server/support/boot-demo.js';
import { startUpstreamStandIn } from '../authorization-server/support/upstream-stand-in.js';
import { openTool } from './support/explorer-page.js';

const describeBrowser = hasChromium ? describe : describe.skip;

/**
 * The explorer of `sample/11-authorization-server` in headless Chromium, on its bearer-protected
 * endpoint: Connect gets 401, the page discovers the authorization server (RFC 9728, RFC 8414),
 * registers itself as a public client, sends the user through sign-in (the GitHub stand-in) and
 * the consent page (Allow clicked like a user), redeems the code with PKCE and connects with the
 * token, showing who signed in and the scopes. A tool needing `notes:write` answers 403
 * `insufficient_scope`: the page offers the step-up, the user consents again, and the call is
 * retried with the wider token. The token is never in localStorage, sessionStorage or a cookie.
 * A denied consent ends in a clear error on the page, signed out.
 */
describeBrowser('explorer sign-in on a protected endpoint (sample/11, Chromium)', () => {
  let demo: BootedDemo;
  let browser: Browser;

  beforeAll(async () => {
    const upstream = await startUpstreamStandIn('github');
    const port = await freePort();
    const issuer = `http://127.0.0.1:${port}`;
    const booted = await bootApp({
      platform: 'express',
      port,
      imports: [
        AppModule.forRoot({ origin: issuer, upstream: presetFor(upstream), explorer: true }),
      ],
    });
    demo = demoOf(booted, upstream, issuer);
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await demo?.close();
  }, 60_000);

  it('a denied consent comes back as a clear error, with no token and no connection', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const authorizations: string[] = [];
      page.on('request', (request) => {
        const authorization = request.headers().authorization;
        if (request.url() === demo.resource && authorization) authorizations.push(authorization);
      });
      await page.goto(`${demo.issuer}/explorer`);
      await page.click('#connect');
      await page.getByRole('button', { name: 'Deny' }).waitFor({ timeout: 20_000 });
      await Promise.all([
        page.waitForURL(`${demo.issuer}/explorer**`),
        page.getByRole('button', { name: 'Deny' }).click(),
      ]);
      await page.locator('#status', { hasText: 'access_denied' }).waitFor();
      expect(await page.textContent('#status')).toMatch(/^cannot sign in: Authorization refused/);
      expect(page.url()).toBe(`${demo.issuer}/explorer`);
      expect(await page.isHidden('#principal')).toBe(true);
      expect(await page.$('body[data-connected]')).toBeNull();
      expect(authorizations).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  describe.each(['legacy', 'modern'] as const)('era %s', (era) => {
    let context: BrowserContext;
    let page: Page;
    /** The Authorization headers the page sent to the MCP endpoint. */
    const sent = new Set<string>();
    /** The access tokens the page sent, in order. */
    const tokens = () => [...sent].map((header) => header.replace(/^Bearer /, ''));

    beforeAll(async () => {
      context = await browser.newContext({ viewport: { width: 1200, height: 860 } });
      page = await context.newPage();
      page.on('pageerror', (error) => console.error('explorer page error:', error));
      page.on('request', (request) => {
        const authorization = request.headers().authorization;
        if (request.url() === demo.resource && authorization) sent.add(authorization);
      });
    }, 60_000);
    afterAll(() => context?.close(), 60_000);

    /** Allows on the consent page the browser was sent to, and waits to be back, connected. */
    async function consentAndReturn(): Promise<string> {
      await page.getByRole('button', { name: 'Allow' }).waitFor({ timeout: 20_000 });
      const heading = String(await page.getByRole('heading', { level: 1 }).textContent());
      await Promise.all([
        page.waitForURL(`${demo.issuer}/explorer**`),
        page.getByRole('button', { name: 'Allow' }).click(),
      ]);
      await page.waitForSelector('body[data-connected]', { timeout: 20_000 });
      return heading;
    }

    it('signs in on Connect and shows the principal and its scopes', async () => {
      await page.goto(`${demo.issuer}/explorer`);
      await page.selectOption('#era', era);
      await page.click('#connect');
      expect(await consentAndReturn()).toContain('MCP Explorer');
      expect(page.url()).toBe(`${demo.issuer}/explorer`); // code and state gone from the URL
      expect(await page.inputValue('#era')).toBe(era);
      const principal = await page.textContent('#principal');
      expect(principal).toContain('github:583231');
      expect(principal).toContain('notes:read');
      expect(principal).not.toContain('notes:write');
      expect(sent.size).toBe(1); // one token, sent as Bearer

      await openTool(page, 'whoami');
      await page.click('#run');
      await page.locator('#result', { hasText: '"github:583231"' }).waitFor();
    }, 60_000);

    it('steps up on 403 insufficient_scope: asks, re-authorizes with the union, retries', async () => {
      await openTool(page, 'add_note');
      await page.fill('#arg-text', `from the explorer (${era})`);
      await page.click('#run');
      const stepUp = page.locator('#step-up');
      await stepUp.waitFor({ timeout: 20_000 });
      expect(await stepUp.textContent()).toContain('notes:write');
      await stepUp.click();
      await consentAndReturn();
      // Back with the wider token: the call ran again and the note was saved.
      await page.locator('#result', { hasText: /Saved\. You have \d+ note/ }).waitFor();
      expect(await page.textContent('#logs')).toContain(`"text":"from the explorer (${era})"`);
      const principal = await page.textContent('#principal');
      expect(principal).toContain('notes:read');
      expect(principal).toContain('notes:write');
      expect(tokens()).toHaveLength(2); // the wider one sent since
    }, 60_000);

    it('keeps the token in memory only: not in localStorage, sessionStorage or cookies', async () => {
      expect(tokens()).toHaveLength(2);
      const stored = await page.evaluate<string>(
        'JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie })',
      );
      for (const token of tokens()) expect(stored).not.toContain(token);
      expect(stored).not.toMatch(/access_token|eyJ[\w-]+\.eyJ/);
      // The app's own cookies (the authorization server's sign-in session) do not hold it either.
      const cookies = JSON.stringify(await context.cookies());
      for (const token of tokens()) expect(cookies).not.toContain(token);
    }, 60_000);
  });
});
