import type { Browser, FrameLocator, Page } from 'playwright-core';

/** What the official AppBridge page renders: a view's HTML for a call of `tool`. */
export interface BridgedView {
  html: string;
  tool: { name: string; inputSchema: Record<string, unknown> };
  /** Sent once the view is initialized when given; else the test sends them with `toView`. */
  args?: Record<string, unknown>;
  result?: Record<string, unknown>;
  /** Runs the view's `tools/call` against the real server. */
  callTool(name: string, args: Record<string, unknown>): Promise<unknown>;
}

/** The page, the view's frame, and the view's tool calls in order. */
export interface AppBridgePage {
  page: Page;
  view: FrameLocator;
  calls: string[];
  /** Sends tool input (partial or complete) or a result to the view through the bridge. */
  toView(message: Record<string, unknown>): Promise<void>;
}

/**
 * Opens a bare page in which the official ext-apps `AppBridge` (the `bridge-host` bundle of
 * `interopBundle`) renders `view`; resolves once the view is initialized.
 */
export async function openAppBridge(
  browser: Browser,
  bridgeScript: string,
  view: BridgedView,
): Promise<AppBridgePage> {
  const calls: string[] = [];
  const page = await browser.newPage();
  page.on('pageerror', (error) => console.error('AppBridge page error:', error));
  await page.exposeFunction(
    'callServerTool',
    async (name: string, args: Record<string, unknown>) => {
      calls.push(name);
      return view.callTool(name, args);
    },
  );
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: bridgeScript });
  const { html, tool, args, result } = view;
  await page.evaluate(
    (s) => (globalThis as unknown as { startBridge(x: unknown): Promise<void> }).startBridge(s),
    { html, tool, args, result },
  );
  const toView = (message: Record<string, unknown>) =>
    page.evaluate(
      (m) => (globalThis as unknown as { toView(x: unknown): Promise<void> }).toView(m),
      message,
    );
  return { page, view: page.frameLocator('#view'), calls, toView };
}
