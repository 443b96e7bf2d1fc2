import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { McpModule } from '../../../lib/index.js';
import { hasChromium, launchChromium } from '../../support/chromium.js';
import { bootApp, type BootedApp } from '../nest/support/nest-app.js';
import { bootDemo, type BootedDemo } from './support/boot-demo.js';

const describeBrowser = hasChromium ? describe : describe.skip;

/**
 * Pages a site could frame to trick a user into clicking (clickjacking): the explorer page and
 * the authorization server's pages, each framed by a page of a foreign origin in Chromium.
 */
describeBrowser('Explorer and authorization server pages refuse to be framed (Chromium)', () => {
  let browser: Browser;
  let explorerApp: BootedApp;
  let demo: BootedDemo;
  let foreign: Server;
  let foreignOrigin: string;

  beforeAll(async () => {
    browser = await launchChromium();
    explorerApp = await bootApp({
      imports: [McpModule.forRoot({ name: 'framing', version: '1.0.0', explorer: true })],
    });
    demo = await bootDemo('github');
    foreign = createServer((req, res) => {
      const target = new URL(req.url ?? '/', 'http://x').searchParams.get('target') ?? '';
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><title>foreign</title><iframe id="f" src="${target}"></iframe>`);
    });
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
    foreignOrigin = `http://localhost:${(foreign.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await explorerApp?.close();
    await demo?.close();
    await new Promise((resolve) => foreign?.close(resolve));
  });

  /** The targets: where each page is, and the title it has when it renders. */
  const targets = () => [
    { url: explorerApp.url('/explorer').href, title: 'MCP Explorer' },
    { url: `${demo.issuer}/oauth/interaction/unknown-uid`, title: 'Sign-in expired' },
    {
      url: `${demo.issuer}/oauth/authorize?client_id=unknown&response_type=code&scope=notes:read`,
      title: 'Sign-in failed',
    },
  ];

  it('answers each page with X-Frame-Options DENY and frame-ancestors none', async () => {
    for (const { url } of targets()) {
      const response = await fetch(url, { redirect: 'manual' });
      await response.arrayBuffer();
      expect({ url, xfo: response.headers.get('x-frame-options') }).toEqual({ url, xfo: 'DENY' });
      expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    }
  });

  it('a page of a foreign origin that frames them shows nothing of them', async () => {
    for (const { url, title } of targets()) {
      const page = await browser.newPage();
      try {
        const loaded = page.waitForResponse((r) => r.url() === url);
        await page.goto(`${foreignOrigin}/?target=${encodeURIComponent(url)}`);
        expect((await loaded).status()).toBeLessThan(500); // the frame's request was answered
        await page.waitForLoadState('load');
        const frame = page.frames().find((f) => f !== page.mainFrame());
        const framedTitle = await frame?.title().catch(() => '');
        expect({ url, framedTitle }).not.toEqual({ url, framedTitle: title });
      } finally {
        await page.close();
      }
    }
  });

  it('control: the same pages render when opened directly', async () => {
    for (const { url, title } of targets()) {
      const page = await browser.newPage();
      try {
        await page.goto(url);
        expect(await page.title()).toBe(title);
      } finally {
        await page.close();
      }
    }
  });
});
