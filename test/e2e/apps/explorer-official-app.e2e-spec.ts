import type { Browser, Page } from 'playwright-core';
import { McpModule, McpServer } from '../../../lib/index.js';
import { hasChromium, launchChromium } from '../../support/chromium.js';
import { bootApp, type BootedApp } from '../nest/support/nest-app.js';
import { openExplorer, openTool, viewFrame } from './support/explorer-page.js';
import { interopBundle } from './support/interop-bundle.js';
import { bundle, OfficialAppViews } from './support/official-app-views.js';

const describeBrowser = hasChromium ? describe : describe.skip;

/**
 * Interop into the explorer (issue 44, MCP Apps v2): a view written against the current official
 * ext-apps `App` (@modelcontextprotocol/ext-apps, bundled by vite into the view's HTML) rendered
 * by our host in headless Chromium. It gets the tool input streamed while the form is typed
 * (`ui/notifications/tool-input-partial`), then the complete input and the result, calls a
 * server tool through the host, the host lists and calls the view's own tool, and a file the view
 * offers is saved with the person's consent (`ui/download-file`); a change of the page's colour
 * scheme reaches the view (`ui/notifications/host-context-changed`). A view
 * speaking unknown `ui/*` methods is refused with JSON-RPC errors, logged once.
 */
describeBrowser('explorer hosts a view built on the official ext-apps App (Chromium)', () => {
  let app: BootedApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    bundle.script = await interopBundle('official-app-view');
    app = await bootApp({
      imports: [McpModule.forRoot({ name: 'official-app', version: '1.0.0', explorer: true })],
      providers: [OfficialAppViews],
    });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  afterEach(() => page?.close());

  it.each(['legacy', 'modern'] as const)(
    'streams the typed input, then input, result, a server tool call and the view’s tool (%s)',
    async (era) => {
      page = await openExplorer(browser, app.url('/explorer').href, era);
      await openTool(page, 'official_app');
      await page.locator('#arg-city').pressSequentially('Lyo');
      const view = await viewFrame(page);
      await view.locator('#partial', { hasText: '{"city":"Lyo"}' }).waitFor({ timeout: 20_000 });
      expect(await view.textContent('#host')).toBe('"nestjs-mcp-explorer"');
      expect(await view.textContent('#theme')).toBe('"light"');
      await page.emulateMedia({ colorScheme: 'dark' }); // host-context-changed
      await view.locator('#theme', { hasText: '"dark"' }).waitFor();
      expect(await view.textContent('#input')).toBe(''); // no complete input before Run
      await page.locator('#arg-city').pressSequentially('n');
      await page.fill('#arg-days', '3');
      await view.locator('#partial', { hasText: '{"city":"Lyon","days":3}' }).waitFor();

      await page.click('#run');
      await view.locator('#result', { hasText: '"high":21' }).waitFor({ timeout: 20_000 });
      expect(JSON.parse((await view.textContent('#input'))!)).toEqual({ city: 'Lyon', days: 3 });
      expect(JSON.parse((await view.textContent('#result'))!)).toEqual({
        city: 'Lyon',
        days: 3,
        high: 21,
      });

      await view.click('#call');
      await view.locator('#called', { hasText: 'from view' }).waitFor();
      expect(JSON.parse((await view.textContent('#called'))!)).toEqual({ echoed: 'from view' });

      // The view's own tools (it declared the `tools` capability): listed and called by the host.
      await page.click('#view-tools [data-view-tool="view_state"]', { timeout: 20_000 });
      await page
        .locator('#view-events li', { hasText: 'view tool view_state' })
        .waitFor({ timeout: 20_000 });
      expect(await page.textContent('#view-events')).toContain('"partials":');

      // ui/download-file: saved only with the person's consent; a refusal is isError.
      await view.click('#download');
      await page
        .locator('#link-url', { hasText: 'report.json (application/json, 7 bytes)' })
        .waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.click('#link-open'),
      ]);
      expect(download.suggestedFilename()).toBe('report.json');
      await view.locator('#downloaded', { hasText: '{}' }).waitFor();
      await view.click('#download');
      await page.click('#link-cancel');
      await view.locator('#downloaded', { hasText: '{"isError":true}' }).waitFor();
    },
    120_000,
  );

  it('answers the official App’s createSamplingMessage through the person at the page, and passes server tool list changes on', async () => {
    page = await openExplorer(browser, app.url('/explorer').href, 'legacy');
    await openTool(page, 'official_app');
    await page.fill('#arg-city', 'Oslo');
    await page.click('#run');
    const view = await viewFrame(page);
    await view.locator('#result', { hasText: '"high":21' }).waitFor({ timeout: 20_000 });

    await view.click('#sample');
    await page.waitForSelector('#input-dialog[open] #sampling-decline');
    expect(await page.textContent('#input-dialog')).toContain('Name a colour');
    await page.fill('#sampling-reply', 'teal');
    await page.click('#sampling-send');
    await view.locator('#sampled', { hasText: 'teal' }).waitFor();
    expect(JSON.parse((await view.textContent('#sampled'))!)).toEqual({
      type: 'text',
      text: 'teal',
    });
    await view.click('#sample');
    await page.click('#input-dialog[open] #sampling-decline');
    await view.locator('#sampled', { hasText: 'User rejected sampling request' }).waitFor();

    app.app.get(McpServer).registerTool({ name: 'late_official' }, () => 'late');
    await view.locator('#tools-changed', { hasText: '1' }).waitFor({ timeout: 20_000 });
  }, 60_000);

  it('refuses unknown ui/* methods with JSON-RPC errors and logs each method once', async () => {
    page = await openExplorer(browser, app.url('/explorer').href, 'legacy');
    await openTool(page, 'unknown_methods');
    await page.click('#run');
    const view = await viewFrame(page);
    await view
      .locator('#answers', { hasText: '1:-32601 2:-32601 3:-32602' })
      .waitFor({ timeout: 20_000 });
    const events = await page.locator('#view-events li').allTextContents();
    expect(events.filter((e) => e.startsWith('refused ui/frobnicate'))).toHaveLength(1);
    expect(events.some((e) => e.includes('download-file'))).toBe(false); // bad input, not refused
    expect(events.filter((e) => e.startsWith('refused ui/notifications/frobnicated'))).toHaveLength(
      1,
    );
  }, 60_000);
});
