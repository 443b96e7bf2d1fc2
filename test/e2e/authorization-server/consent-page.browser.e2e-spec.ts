import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { hasChromium, launchChromium } from '../../support/chromium.js';
import { bootDemo, type BootedDemo } from './support/boot-demo.js';
import { authorizationUrl, pkce, register } from './support/raw-oauth.js';

/** The client's redirect URI: a real listener (Chromium refuses port 9, the raw clients' one). */
let RAW_REDIRECT = '';
let callbacks: URL[] = [];

const describeWithBrowser = hasChromium ? describe : describe.skip;

describeWithBrowser('McpAuthorizationServerModule: the consent page in headless Chromium', () => {
  let demo: BootedDemo;
  let browser: Browser;
  let clientId: string;
  let client: Server;

  beforeAll(async () => {
    client = createServer((req, res) => {
      callbacks.push(new URL(req.url ?? '/', RAW_REDIRECT));
      res.writeHead(200, { 'content-type': 'text/plain' }).end('back at the client');
    });
    await new Promise<void>((resolve) => client.listen(0, '127.0.0.1', resolve));
    RAW_REDIRECT = `http://127.0.0.1:${(client.address() as AddressInfo).port}/callback`;
    demo = await bootDemo('github');
    browser = await launchChromium();
    clientId = String(
      (
        await register(demo.issuer, {
          client_name: 'Chromium Test App',
          redirect_uris: [RAW_REDIRECT],
        })
      ).body.client_id,
    );
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await demo?.close();
    client.closeAllConnections();
    await new Promise((resolve) => client.close(resolve));
  });

  /** Opens an authorization in a fresh browser context and waits on the consent page. */
  async function openConsent(scope: string) {
    const context = await browser.newContext();
    const page = await context.newPage();
    callbacks = [];
    const url = authorizationUrl(demo.issuer, {
      client_id: clientId,
      redirect_uri: RAW_REDIRECT,
      scope,
      resource: demo.resource,
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
    });
    await page.goto(url.href); // → sign-in at the GitHub stand-in → back → consent
    await page.getByRole('heading', { level: 1 }).waitFor();
    return { context, page, callback: () => callbacks.find((u) => u.pathname === '/callback') };
  }

  it('lists the client and the scopes with their descriptions, accessibly, and grants on Allow', async () => {
    const { context, page, callback } = await openConsent('notes:read notes:write');
    try {
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      expect(await page.title()).toBe('Allow Chromium Test App?');
      const heading = await page.getByRole('heading', { level: 1 }).textContent();
      expect(heading).toContain('Chromium Test App');
      const items = await page.getByRole('list').getByRole('listitem').allTextContents();
      expect(items).toEqual(['notes:read — Read your notes', 'notes:write — Add notes']);
      expect(
        await page
          .getByText('Signed in as The Octocat <octocat@example.com> (github:583231)')
          .count(),
      ).toBe(1);
      const allow = page.getByRole('button', { name: 'Allow' });
      const deny = page.getByRole('button', { name: 'Deny' });
      expect(await allow.isVisible()).toBe(true);
      expect(await deny.isVisible()).toBe(true);
      // Reachable by keyboard: Tab lands on Allow first.
      await page.keyboard.press('Tab');
      expect(await page.locator(':focus').textContent()).toBe('Allow');

      await Promise.all([page.waitForURL(`${new URL(RAW_REDIRECT).origin}/**`), allow.click()]);
      expect(callback()!.searchParams.get('code')).toEqual(expect.any(String));
      expect(callback()!.searchParams.get('iss')).toBe(demo.issuer);
    } finally {
      await context.close();
    }
  });

  it('sends access_denied back to the client on Deny', async () => {
    const { context, page, callback } = await openConsent('notes:read');
    try {
      await Promise.all([
        page.waitForURL(`${new URL(RAW_REDIRECT).origin}/**`),
        page.getByRole('button', { name: 'Deny' }).click(),
      ]);
      expect(callback()!.searchParams.get('error')).toBe('access_denied');
      expect(callback()!.searchParams.get('code')).toBeNull();
    } finally {
      await context.close();
    }
  });
});
