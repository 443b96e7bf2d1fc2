/**
 * The MCP Apps guide's complete example as a reader pastes it into a fresh app (the page's view,
 * tools and module, the CLI's controller and service, a stock `main.ts`), started, and used in
 * headless Chromium through the explorer page the example turns on: the tool runs, its view shows
 * the result in the sandbox, and the view's Refresh button calls the app-only tool. The same view
 * in the official ext-apps `AppBridge` (issue 40): partial and complete input, result, the view's
 * call of the app-only tool forwarded to the app.
 */
import type { Browser } from 'playwright-core';
import { McpClient, StreamableHttpClientTransport } from '../../../lib/index.js';
import { hasChromium, launchChromium } from '../../support/chromium.js';
import { openAppBridge } from '../apps/support/app-bridge-page.js';
import { openExplorer, openTool, viewFrame } from '../apps/support/explorer-page.js';
import { interopBundle } from '../apps/support/interop-bundle.js';
import { startGuideApp, type GuideApp } from './support/guide-app.js';

const MAIN = `import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';

async function bootstrap() {
  const app = await NestFactory.create(AppModule);
  await app.listen(process.env.PORT ?? 3000, '127.0.0.1');
}
void bootstrap();
`;

const describeBrowser = hasChromium ? describe : describe.skip;

describeBrowser("the MCP Apps guide's weather card, pasted into a fresh app", () => {
  let app: GuideApp;
  let browser: Browser;
  let bridgeScript: string;

  beforeAll(async () => {
    // The bundle, the app (written, compiled, started) and the browser, side by side.
    const started = await Promise.allSettled([
      interopBundle('bridge-host').then((script) => (bridgeScript = script)),
      startGuideApp({
        guide: 'docs/guide/mcp-apps.md',
        folder: 'mcp-apps-guide-app',
        files: ['src/weather-card.view.ts', 'src/weather-card.tools.ts', 'src/app.module.ts'],
        extraFiles: { 'src/main.ts': MAIN },
      }).then((started) => (app = started)),
      launchChromium().then((launched) => (browser = launched)),
    ]);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    app?.close();
  });

  it.each(['legacy', 'modern'] as const)(
    'renders the card in the explorer and refreshes it from the view (%s)',
    async (era) => {
      const page = await openExplorer(browser, `${app.origin}/explorer`, era);
      try {
        await openTool(page, 'weather_card');
        await page.fill('#arg-city', 'Lyo');
        const view = await viewFrame(page);
        // The form's input streamed to the view before the call (tool-input-partial).
        await view.locator('#city', { hasText: /^Lyo…$/ }).waitFor();
        await page.fill('#arg-city', 'Lyon');
        await view.locator('#city', { hasText: /^Lyon…$/ }).waitFor();
        await page.click('#run');
        await view.locator('#high', { hasText: '21' }).waitFor();
        expect(await view.textContent('#city')).toBe('Lyon');
        expect(await view.textContent('#high')).toBe('21');
        await view.click('#refresh');
        await view.locator('#updated', { hasText: /^refreshed / }).waitFor();
        expect(await view.textContent('#high')).toBe('22');
      } finally {
        await page.close();
      }
    },
    120_000,
  );

  it('runs in the official ext-apps AppBridge: input, result and the view’s tool call', async () => {
    const client = new McpClient({
      transport: new StreamableHttpClientTransport(new URL('/mcp', app.origin)),
      apps: true,
    });
    try {
      const tool = (await client.listAllTools()).find((t) => t.name === 'weather_card')!;
      const html = (await client.readAppView(tool)).html;
      const bridged = await openAppBridge(browser, bridgeScript, {
        html,
        tool,
        callTool: (name, args) => client.callTool(name, args),
      });
      try {
        const { view, toView } = bridged;
        await toView({ kind: 'partial', arguments: { city: 'Ly' } });
        await view.locator('#city', { hasText: /^Ly…$/ }).waitFor({ timeout: 20_000 });
        await toView({ kind: 'input', arguments: { city: 'Lyon' } });
        await view.locator('#city', { hasText: /^Lyon$/ }).waitFor();
        await toView({
          kind: 'result',
          result: await client.callTool('weather_card', { city: 'Lyon' }),
        });
        await view.locator('#high', { hasText: /^21$/ }).waitFor();
        await view.locator('#refresh').click();
        await view.locator('#updated', { hasText: /^refreshed / }).waitFor({ timeout: 20_000 });
        expect(await view.locator('#high').textContent()).toBe('22');
        expect(bridged.calls).toEqual(['weather_card_refresh']);
      } finally {
        await bridged.page.close();
      }
    } finally {
      await client.close();
    }
  }, 120_000);
});
