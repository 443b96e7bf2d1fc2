/**
 * The MCP Apps guide's complete example as a reader pastes it into a fresh app (the page's view,
 * tools and module, the CLI's controller and service, a stock `main.ts`), started, and used in
 * headless Chromium through the explorer page the example turns on: the tool runs, its view shows
 * the result in the sandbox, and the view's Refresh button calls the app-only tool.
 */
import type { Browser } from 'playwright-core';
import { hasChromium, launchChromium } from '../../support/chromium.js';
import { openExplorer, openTool, viewFrame } from '../apps/support/explorer-page.js';
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

  beforeAll(async () => {
    app = await startGuideApp({
      guide: 'docs/guide/mcp-apps.md',
      folder: 'mcp-apps-guide-app',
      files: ['src/weather-card.view.ts', 'src/weather-card.tools.ts', 'src/app.module.ts'],
      extraFiles: { 'src/main.ts': MAIN },
    });
    browser = await launchChromium();
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
        await page.fill('#arg-city', 'Lyon');
        await page.click('#run');
        const view = await viewFrame(page);
        await view.locator('#city', { hasText: 'Lyon' }).waitFor();
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
});
