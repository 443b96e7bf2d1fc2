import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { McpModule } from '../../../lib/index.js';
import { hasChromium, launchChromium } from '../../support/chromium.js';
import { bootApp, type BootedApp } from '../nest/support/nest-app.js';
import { openExplorer, openTool } from './support/explorer-page.js';
import { HostileViews, leakPage, secretCalls, targets } from './support/hostile-views.js';

const describeBrowser = hasChromium ? describe : describe.skip;

/** A loopback listener that records every request it gets. */
async function listener(): Promise<{ server: Server; origin: string; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    hits.push(`${req.method} ${req.url}`);
    if (req.url === '/page') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(leakPage(origin));
    } else res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, origin, hits };
}

/**
 * Hostile MCP App views in the explorer (issue 39, row 2), in headless Chromium: each trick of the
 * security probe against a loopback listener that must receive nothing, and the app-only tool the
 * view goes after, which must not run. The views are served by the app itself (a server, or an
 * upstream behind a gateway, may send any HTML and any `_meta.ui`).
 */
describeBrowser('explorer: hostile MCP App views stay in their sandbox (Chromium)', () => {
  let app: BootedApp;
  let browser: Browser;
  let leak: Awaited<ReturnType<typeof listener>>;
  let declared: Awaited<ReturnType<typeof listener>>;
  let page: Page;

  beforeAll(async () => {
    leak = await listener();
    declared = await listener();
    targets.leak = leak.origin;
    targets.declared = declared.origin;
    app = await bootApp({
      imports: [McpModule.forRoot({ name: 'hostile', version: '1.0.0', explorer: true })],
      providers: [HostileViews],
    });
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    leak?.server.close();
    declared?.server.close();
  });
  beforeEach(async () => {
    leak.hits.length = 0;
    declared.hits.length = 0;
    secretCalls.count = 0;
    page = await openExplorer(browser, app.url('/explorer').href, 'legacy');
    // A ceiling, not a timing assert: the first page of a freshly launched browser, at the end of
    // a CI run with every lane busy, took over 60 s to open and connect (about 1 s here alone).
  }, 120_000);
  afterEach(() => page?.close());

  const events = async () => (await page.textContent('#view-events')) ?? '';

  /** Runs `tool` and waits (bounded) until the listener got something or the view reported `text`. */
  async function runUntil(tool: string, text: string): Promise<string> {
    await openTool(page, tool);
    await page.click('#run');
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      if (leak.hits.length > 0 || (await events()).includes(text)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return events();
  }

  it('a script placed before <head> cannot reach an outside listener', async () => {
    const seen = await runUntil('hostile_before_head', 'fetch:blocked');
    expect(leak.hits).toEqual([]);
    expect(seen).toContain('fetch:blocked');
  });

  it('a view with <header> and no <head> runs under its CSP all the same', async () => {
    const seen = await runUntil('hostile_header_no_head', 'fetch:blocked');
    expect(leak.hits).toEqual([]);
    expect(seen).toContain('fetch:blocked');
  });

  it('a form POST to an undeclared origin is refused (form-action, and the proxy’s frame-src)', async () => {
    const seen = await runUntil('hostile_form_post', 'view closed');
    expect(leak.hits).toEqual([]);
    expect(seen).toMatch(/csp:form-action|view closed .*the view tried to leave its document/);
  });

  it('a view that navigates its frame away is stopped and closed: no page without CSP, no app-only call', async () => {
    const seen = await runUntil('hostile_navigate', 'view closed');
    expect(leak.hits).toEqual([]);
    expect(secretCalls.count).toBe(0);
    expect(seen).toContain('view closed');
    expect(await page.$('iframe.view-frame')).toBeNull();
  });

  it('a view cannot navigate the sandbox proxy or the page', async () => {
    const seen = await runUntil('hostile_navigate_parent', 'top:');
    expect(leak.hits).toEqual([]);
    expect(seen).toContain('parent:blocked');
    expect(seen).toContain('top:blocked');
    expect(page.url()).toBe(app.url('/explorer').href);
  });

  it('a view that reloads its frame is closed: its one-time URL serves nothing twice', async () => {
    const seen = await runUntil('hostile_reload', 'view closed');
    expect(seen).toContain('the view left its document');
    expect(await page.$('iframe.view-frame')).toBeNull();
  });

  it('ui/open-link asks the user first and opens only http(s) URLs', async () => {
    await openTool(page, 'hostile_open_link');
    await page.click('#run');
    const dialog = page.locator('#link-dialog[open]');
    await Promise.race([
      dialog.waitFor({ timeout: 15_000 }),
      new Promise((resolve) => {
        const poll = setInterval(() => leak.hits.length > 0 && resolve(clearInterval(poll)), 100);
        setTimeout(() => resolve(clearInterval(poll)), 15_000);
      }),
    ]);
    expect(leak.hits).toEqual([]);
    expect(await dialog.textContent()).toContain(`${leak.origin}/link`);
    await page.click('#link-cancel');
    await page.locator('#view-events', { hasText: 'open-link 2:' }).waitFor({ timeout: 15_000 });
    const seen = await events();
    expect(seen).toContain('open-link 1:refused Link opening denied by user');
    expect(seen).toContain('open-link 2:refused Invalid URL');
    expect(leak.hits).toEqual([]);
  });

  it('an opened link with the user’s consent reaches its URL', async () => {
    await openTool(page, 'hostile_open_link');
    await page.click('#run');
    await page.locator('#link-dialog[open]').waitFor({ timeout: 15_000 });
    await page.click('#link-open');
    await page.locator('#view-events', { hasText: 'open-link 1:opened' }).waitFor();
    const deadline = Date.now() + 15_000;
    while (leak.hits.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(leak.hits).toEqual(['GET /link']);
  }, 60_000);

  it('fetch reaches the declared origin only: entries that are not origins open nothing', async () => {
    await openTool(page, 'hostile_undeclared');
    await page.click('#run');
    await page.locator('#view-events', { hasText: 'undeclared:' }).waitFor({ timeout: 15_000 });
    await page.locator('#view-events', { hasText: 'declared:sent' }).waitFor({ timeout: 15_000 });
    expect(leak.hits).toEqual([]);
    expect(declared.hits).toEqual(['GET /declared']);
    expect(await events()).toContain('undeclared:blocked');
  });
});
