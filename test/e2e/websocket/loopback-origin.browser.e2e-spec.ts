import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { hasChromium, launchChromium } from '../../support/chromium.js';
import { startWsApp, type WsTestApp } from './support/ws-app.js';

const describeBrowser = hasChromium ? describe : describe.skip;

/** What the page script reports: the socket opened and answered, or it never opened. */
type Outcome = { opened: boolean; answer?: unknown };

/** A page on `http://localhost:<its port>` that opens the MCP WebSocket and sends initialize. */
const ATTACK_PAGE = `<!doctype html><title>another local app</title><script>
window.attack = (url) => new Promise((resolve) => {
  const ws = new WebSocket(url, 'mcp');
  ws.onopen = () => ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }));
  ws.onmessage = (event) => { resolve({ opened: true, answer: JSON.parse(event.data) }); ws.close(); };
  ws.onerror = () => resolve({ opened: false });
  ws.onclose = () => resolve({ opened: false });
});
</script>`;

describeBrowser('WebSocket transport: a page of another local app (Chromium)', () => {
  let browser: Browser;
  let pageServer: Server;
  let pageOrigin: string;

  beforeAll(async () => {
    browser = await launchChromium();
    pageServer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(ATTACK_PAGE);
    });
    await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
    pageOrigin = `http://localhost:${(pageServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await browser.close();
    await new Promise((resolve) => pageServer.close(resolve));
  });

  async function attack(server: WsTestApp, host: 'localhost' | '127.0.0.1'): Promise<Outcome> {
    const page = await browser.newPage();
    try {
      await page.goto(`${pageOrigin}/`);
      const url = server.wsUrl.href.replace('127.0.0.1', host);
      return (await page.evaluate(`attack(${JSON.stringify(url)})`)) as Outcome;
    } finally {
      await page.close();
    }
  }

  describe('by default', () => {
    let server: WsTestApp;
    beforeAll(async () => {
      server = await startWsApp({ adapter: 'none' });
    });
    afterAll(() => server.close());

    it('refuses the upgrade from a loopback page on another port: no session, no answer', async () => {
      for (const host of ['localhost', '127.0.0.1'] as const) {
        expect(await attack(server, host)).toEqual({ opened: false });
      }
      expect(server.server.sessionCount).toBe(0);
    });
  });

  describe('with that origin in allowedOrigins', () => {
    let server: WsTestApp;
    beforeAll(async () => {
      server = await startWsApp({ adapter: 'none', gateway: { allowedOrigins: [pageOrigin] } });
    });
    afterAll(() => server.close());

    it('accepts it (control: the page does reach the server when allowed)', async () => {
      const outcome = await attack(server, 'localhost');
      expect(outcome.opened).toBe(true);
      expect(outcome.answer).toMatchObject({ id: 1, result: { protocolVersion: '2025-11-25' } });
    });
  });
});
