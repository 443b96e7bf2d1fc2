import 'reflect-metadata';
import {
  type CanActivate,
  type ExecutionContext,
  Injectable,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import type { Browser, Page } from 'playwright-core';
import { McpModule, Tool } from '../../../lib/index.js';
import { hasChromium, launchChromium } from '../../support/chromium.js';
import { bootApp, type BootedApp } from '../nest/support/nest-app.js';
import { openExplorer, openTool } from './support/explorer-page.js';

/** An app's own API-key guard, as a team puts it on its tools. */
@Injectable()
class ApiKeyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, string> }>();
    if (request.headers['x-api-key'] !== 'k-123') {
      throw new UnauthorizedException('Missing or bad x-api-key');
    }
    return true;
  }
}

@Injectable()
class KeyTools {
  @Tool({ description: 'Needs the API key' })
  @UseGuards(ApiKeyGuard)
  whoami() {
    return 'key accepted';
  }
}

const describeBrowser = hasChromium ? describe : describe.skip;

/**
 * The explorer's request headers in Chromium: name/value rows under "Headers" are sent with every
 * request of the page (an API-key guard on a tool lets the call through only with them), kept in
 * the tab's sessionStorage across a reload, in both eras; a header the page sets itself is
 * refused in the editor and never sent.
 */
describeBrowser('explorer request headers (Chromium)', () => {
  let app: BootedApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await bootApp({
      imports: [McpModule.forRoot({ name: 'keyed', version: '1.0.0', explorer: true })],
      providers: [KeyTools, ApiKeyGuard],
    });
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const explorerUrl = () => `${app.origin}/explorer`;
  const runWhoami = async () => {
    await openTool(page, 'whoami');
    await page.evaluate(`document.querySelector('#result').textContent = ''`);
    await page.click('#run');
    // The box shows "running…" while the call is on its way: wait for the answer itself.
    await page.waitForFunction(
      `!['', 'running…'].includes(document.querySelector('#result')?.textContent ?? '')`,
    );
    return page.textContent('#result');
  };

  it('calls without the header are refused by the guard', async () => {
    page = await openExplorer(browser, explorerUrl(), 'legacy');
    expect(await runWhoami()).toContain('Missing or bad x-api-key');
  });

  it('sends a header added in the editor with every request', async () => {
    await page.click('#headers summary');
    await page.click('#add-header');
    await page.fill('.header-row >> nth=0 >> .header-name', 'x-api-key');
    await page.fill('.header-row >> nth=0 >> .header-value', 'k-123');
    expect(await page.textContent('#headers summary')).toBe('Headers (1)');
    expect(await runWhoami()).toContain('key accepted');
  });

  it('keeps the headers across a reload of the tab, and sends them in the 2026-07-28 era', async () => {
    await page.close();
    page = await browser.newPage();
    // sessionStorage is per tab: reload the same tab rather than opening another.
    await page.goto(explorerUrl());
    await page.click('#headers summary');
    await page.click('#add-header');
    await page.fill('.header-row >> nth=0 >> .header-name', 'x-api-key');
    await page.fill('.header-row >> nth=0 >> .header-value', 'k-123');
    await page.reload();
    await page.click('#headers summary');
    expect(await page.inputValue('.header-row >> nth=0 >> .header-name')).toBe('x-api-key');
    await page.selectOption('#era', 'modern');
    await page.click('#connect');
    await page.waitForSelector('body[data-connected]');
    expect(await runWhoami()).toContain('key accepted');
  });

  it('refuses a header the page sets itself, and does not send it', async () => {
    await page.click('#add-header');
    await page.fill('.header-row >> nth=1 >> .header-name', 'mcp-protocol-version');
    await page.fill('.header-row >> nth=1 >> .header-value', '1999-01-01');
    expect(await page.textContent('.header-row >> nth=1 >> .error')).toBe('set by the page itself');
    expect(await runWhoami()).toContain('key accepted'); // a forged version would be refused
  });
});
