import type { Browser, Frame, Page } from 'playwright-core';

/** Opens the explorer at `url` in a new page and connects in `era`. */
export async function openExplorer(
  browser: Browser,
  url: string,
  era: 'legacy' | 'modern',
): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 860 } });
  page.on('pageerror', (error) => console.error('explorer page error:', error));
  await page.goto(url);
  await page.selectOption('#era', era);
  await page.click('#connect');
  await page.waitForSelector('body[data-connected]', { timeout: 20_000 });
  return page;
}

/** Opens the panel of the tool `name`. */
export async function openTool(page: Page, name: string): Promise<void> {
  await page.click('[data-tab="tools"]');
  await page.click(`[data-kind="tools"][data-name="${name}"]`);
  await page.waitForSelector('#run');
}

/** The view's frame once the explorer has rendered it: inside the sandbox proxy's frame. */
export async function viewFrame(page: Page): Promise<Frame> {
  const proxy = await (await page.waitForSelector('iframe.view-frame')).contentFrame();
  const view = await (await proxy!.waitForSelector('iframe', { timeout: 20_000 })).contentFrame();
  if (!view) throw new Error('no view frame');
  return view;
}
