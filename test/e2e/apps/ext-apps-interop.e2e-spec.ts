import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { McpClient, StreamableHttpClientTransport } from '../../../lib/index.js';
import { hasChromium, launchChromium } from '../../support/chromium.js';
import { startDemoApp, type RunningDemo } from '../samples/support/demo-app.js';

const run = promisify(execFile);
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
  let out: string;
  let page: Page;

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'ext-apps-interop-'));
    await run(
      process.execPath,
      [
        'node_modules/vite/bin/vite.js',
        'build',
        '--config',
        'test/e2e/apps/interop/vite.config.mjs',
      ],
      { env: { ...process.env, INTEROP_OUT: out }, timeout: 120_000 },
    );
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
    rmSync(out, { recursive: true, force: true });
  });

  it('initializes the view, delivers input and result, and proxies the view’s tool call', async () => {
    const tools = await client.listAllTools();
    const tool = tools.find((t) => t.name === 'show_counter')!;
    const view = await client.readAppView(tool);
    const result = await client.callTool('show_counter', { label: 'interop' });
    const start = (result.structuredContent as { count: number }).count;
    const calls: string[] = [];

    page = await browser.newPage();
    page.on('pageerror', (error) => console.error('interop page error:', error));
    await page.exposeFunction(
      'callServerTool',
      async (name: string, args: Record<string, unknown>) => {
        calls.push(name);
        return client.callTool(name, args);
      },
    );
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ content: readFileSync(join(out, 'bridge-host.js'), 'utf8') });
    await page.evaluate(
      (s) => (globalThis as unknown as { startBridge(x: unknown): Promise<void> }).startBridge(s),
      { html: view.html, tool, args: { label: 'interop' }, result },
    );

    const frame = page.frameLocator('#view');
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
    expect(calls).toEqual(['counter_increment']);
  });
});
