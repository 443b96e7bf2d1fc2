import type { Browser, Page } from 'playwright-core';
import { McpClient, StreamableHttpClientTransport } from '../../../lib/index.js';
import { hasChromium, launchChromium } from '../../support/chromium.js';
import { startDemoApp, type RunningDemo } from '../samples/support/demo-app.js';
import { openAppBridge } from './support/app-bridge-page.js';
import { interopBundle } from './support/interop-bundle.js';

const describeBrowser = hasChromium ? describe : describe.skip;

/**
 * Interop beyond our explorer: the demo's counter view, read from the server with McpClient, is
 * rendered by the official ext-apps host bridge (`AppBridge` of @modelcontextprotocol/ext-apps,
 * bundled with vite into a bare page) in headless Chromium. The bridge hands the view its tool
 * input and result; the view's button calls `counter_increment`, which the page forwards to the
 * real server, and the new count appears in the view.
 */
describeBrowser('official ext-apps AppBridge renders our view (Chromium)', () => {
  let demo: RunningDemo;
  let browser: Browser;
  let client: McpClient;
  let bridgeScript: string;
  let page: Page | undefined;

  beforeAll(async () => {
    bridgeScript = await interopBundle('bridge-host');
    demo = await startDemoApp();
    client = new McpClient({
      transport: new StreamableHttpClientTransport(demo.mcpUrl),
      apps: true,
    });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await page?.close();
    await browser?.close();
    await client?.close();
    await demo?.close();
  });

  it('initializes the view, delivers input and result, and proxies the view’s tool call', async () => {
    const tools = await client.listAllTools();
    const tool = tools.find((t) => t.name === 'show_counter')!;
    const view = await client.readAppView(tool);
    const result = await client.callTool('show_counter', { label: 'interop' });
    const start = (result.structuredContent as { count: number }).count;

    const bridged = await openAppBridge(browser, bridgeScript, {
      html: view.html,
      tool,
      args: { label: 'interop' },
      result,
      callTool: (name, args) => client.callTool(name, args),
    });
    page = bridged.page;
    const frame = bridged.view;
    await frame
      .locator('#status', { hasText: 'tool result received' })
      .waitFor({ timeout: 20_000 });
    expect(await frame.locator('#count').textContent()).toBe(String(start));
    expect(await frame.locator('#label').textContent()).toBe('(interop)'); // from tool-input
    await frame.locator('#increment').click();
    await frame
      .locator('#count', { hasText: new RegExp(`^${start + 1}$`) })
      .waitFor({ timeout: 20_000 });
    expect(await frame.locator('#status').textContent()).toBe('incremented by the server');
    expect(bridged.calls).toEqual(['counter_increment']);
  });
});
