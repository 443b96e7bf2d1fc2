import type { Browser, Frame, Page } from 'playwright-core';
import { McpClient, StreamableHttpClientTransport } from '../../../lib/index.js';
import { hasChromium, launchChromium } from '../../support/chromium.js';
import { startDemoApp, type RunningDemo } from '../samples/support/demo-app.js';
import { openExplorer as openExplorerPage, openTool, viewFrame } from './support/explorer-page.js';

const SCREENSHOTS = process.env.EXPLORER_SCREENSHOTS; // a folder: write the docs' screenshots there
const describeBrowser = hasChromium ? describe : describe.skip;

/**
 * The explorer page of the demo (sample/01-demo, `explorer: true`) in headless Chromium, in both
 * eras: every tool listed, a tool run from its form, a slow one cancelled, an elicitation
 * answered in the page, and the counter app rendered in its sandboxed iframe, whose button calls
 * the app-only server tool through our host and shows the result in the view.
 */
describeBrowser('explorer page in Chromium (demo)', () => {
  let demo: RunningDemo;
  let browser: Browser;
  let toolNames: string[];

  beforeAll(async () => {
    demo = await startDemoApp();
    browser = await launchChromium();
    const client = new McpClient({
      transport: new StreamableHttpClientTransport(demo.mcpUrl),
      versionNegotiation: 'legacy',
      apps: true,
    });
    toolNames = (await client.listAllTools()).map((t) => t.name).sort();
    await client.close();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await demo?.close();
  });

  const openExplorer = (era: 'legacy' | 'modern') =>
    openExplorerPage(browser, new URL('/explorer', demo.mcpUrl).href, era);

  const resultText = (page: Page) => page.textContent('#result');

  describe.each(['legacy', 'modern'] as const)('era %s', (era) => {
    let page: Page;
    beforeAll(async () => {
      page = await openExplorer(era);
    }, 60_000);
    afterAll(() => page?.close());

    it('lists every tool of the server (app-only ones too: the page renders views)', async () => {
      const buttons = await page.$$('[data-kind="tools"]');
      const listed = await Promise.all(buttons.map((b) => b.getAttribute('data-name')));
      expect(listed.sort()).toEqual(toolNames);
      expect(await page.textContent('#status')).toContain('nestjs-mcp-demo');
    });

    it('runs a tool with arguments from its generated form', async () => {
      await openTool(page, 'add');
      await page.fill('#arg-a', '2');
      await page.fill('#arg-b', '40');
      await page.click('#run');
      await page.waitForFunction(resultIncludes('"sum": 42'));
      expect(await resultText(page)).toContain('"structuredContent"');
    });

    it('shows progress of a slow tool and cancels it', async () => {
      await openTool(page, 'countdown');
      await page.fill('#arg-steps', '100');
      await page.fill('#arg-delayMs', '300');
      await page.click('#run');
      await page.waitForSelector('#logs li[data-method="notifications/progress"]', {
        timeout: 20_000,
      });
      expect(await page.textContent('#progress-text')).toMatch(/\d+ \/ 100 step/);
      await page.click('#cancel');
      await page.waitForFunction(`document.querySelector('#result')?.textContent === 'Cancelled'`);
      expect(await page.isHidden('#cancel')).toBe(true);
    });

    it('answers an elicitation in the page', async () => {
      await openTool(page, 'greetUser');
      await page.click('#run');
      await page.waitForSelector('#input-dialog[open] #elicit-name', { timeout: 20_000 });
      expect(await page.textContent('#elicit-message')).toBe('What is your name?');
      await page.fill('#elicit-name', 'Ada');
      await page.click('#elicit-accept');
      await page.waitForFunction(resultIncludes('Hello, Ada!'));
    });

    it('renders a prompt with its arguments and reads a resource', async () => {
      await page.click('[data-tab="prompts"]');
      await page.click('[data-kind="prompts"][data-name="summarise"]');
      await page.fill('#prompt-topic', 'NestJS');
      await page.click('#get-prompt');
      await page.locator('#messages .message.user', { hasText: 'summary of NestJS' }).waitFor();
      await page.click('[data-tab="resources"]');
      await page.click('[data-kind="resources"][data-name="demo://about"]');
      await page.click('#read');
      await page.locator('#result', { hasText: 'nestjs-mcp demo server' }).waitFor();
    });

    it('renders the MCP App; its button calls a server tool and the view shows the result', async () => {
      await openTool(page, 'show_counter');
      await page.click('#run'); // empty form: no required arguments
      const frame = await counterFrame(page);
      // Locators, not page functions: the view's CSP (no unsafe-eval) refuses evaluated strings.
      await frame.locator('#status', { hasText: 'tool result received' }).waitFor();
      const before = Number(await frame.textContent('#count'));
      expect(Number.isInteger(before)).toBe(true);
      expect(await frame.evaluate('origin')).toBe('null'); // sandboxed: an opaque origin
      // Its document comes from the sandbox origin, apart from the page's.
      const sandboxOrigin = new URL(frame.url()).origin;
      expect(sandboxOrigin).not.toBe(new URL(page.url()).origin);
      expect(frame.parentFrame()?.url()).toBe(`${sandboxOrigin}/proxy`);
      if (SCREENSHOTS && era === 'legacy') {
        await page.screenshot({ path: `${SCREENSHOTS}/explorer-view.png` });
      }
      await frame.click('#increment');
      await frame.locator('#count', { hasText: new RegExp(`^${before + 1}$`) }).waitFor();
      expect(await frame.textContent('#status')).toBe('incremented by the server');
      expect(await page.textContent('#view-events')).toContain(
        'tools/call {"name":"counter_increment"',
      );
    });
  });

  it('screenshot of the tool list and a form (when EXPLORER_SCREENSHOTS is set)', async () => {
    const page = await openExplorer('legacy');
    try {
      await openTool(page, 'countdown');
      expect(await page.inputValue('#arg-steps')).toBe('5'); // the schema default, filled in
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/explorer.png` });
    } finally {
      await page.close();
    }
  });
});

/** A page expression: the result box shows `text`. */
function resultIncludes(text: string): string {
  return `document.querySelector('#result')?.textContent?.includes(${JSON.stringify(text)})`;
}

/** The counter view's frame, once its button is there. */
async function counterFrame(page: Page): Promise<Frame> {
  const view = await viewFrame(page);
  await view.waitForSelector('#increment');
  return view;
}
