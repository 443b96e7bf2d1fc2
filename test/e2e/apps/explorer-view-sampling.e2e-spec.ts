import { Injectable } from '@nestjs/common';
import type { Browser, Page } from 'playwright-core';
import { AppView, McpModule, McpServer, Tool } from '../../../lib/index.js';
import { hasChromium, launchChromium } from '../../support/chromium.js';
import { bootApp, type BootedApp } from '../nest/support/nest-app.js';
import { openExplorer, openTool } from './support/explorer-page.js';

const describeBrowser = hasChromium ? describe : describe.skip;

// A view written to the ext-apps protocol by hand (no SDK): the handshake, then four sampling
// requests in turn (with tools, without maxTokens, one to answer, one to decline), each outcome
// logged to the host; the server's list changes logged as heard, a tools change followed by
// tools/list.
const PROBE = `<!doctype html><html><head><title>probe</title></head><body><p>probe</p><script>
var next = 1, pending = {};
function rpc(method, params) {
  var id = next++;
  parent.postMessage({ jsonrpc: '2.0', id: id, method: method, params: params }, '*');
  return new Promise(function (resolve) { pending[id] = resolve; });
}
function log(data) {
  parent.postMessage({ jsonrpc: '2.0', method: 'notifications/message',
    params: { level: 'info', data: data } }, '*');
}
function outcome(label, answer) {
  if (answer.error) log(label + ' error ' + answer.error.code + ' ' + answer.error.message);
  else log(label + ' result ' + answer.result.content.text);
}
var ask = { role: 'user', content: { type: 'text', text: 'What is six times seven?' } };
window.addEventListener('message', function (e) {
  var m = e.data;
  if (!m || m.jsonrpc !== '2.0') return;
  if (m.method === undefined && pending[m.id]) { pending[m.id](m); delete pending[m.id]; return; }
  if (m.method === 'notifications/tools/list_changed' ||
      m.method === 'notifications/resources/list_changed') {
    log('heard ' + m.method);
    if (m.method === 'notifications/tools/list_changed') rpc('tools/list', {}).then(function (a) {
      log('tools ' + a.result.tools.map(function (t) { return t.name; }).sort().join(','));
    });
  }
});
rpc('ui/initialize', { protocolVersion: '2026-01-26', appCapabilities: {},
  appInfo: { name: 'probe', version: '1.0.0' } }).then(function (a) {
  var caps = a.result.hostCapabilities;
  log('caps ' + JSON.stringify({ sampling: caps.sampling, serverTools: caps.serverTools,
    serverResources: caps.serverResources }));
  parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/initialized' }, '*');
  if (!caps.sampling) return;
  return rpc('sampling/createMessage', { messages: [ask], maxTokens: 50,
    tools: [{ name: 't', inputSchema: { type: 'object' } }] })
    .then(function (answer) { outcome('with-tools', answer);
      return rpc('sampling/createMessage', { messages: [ask] }); })
    .then(function (answer) { outcome('no-max-tokens', answer);
      return rpc('sampling/createMessage', { messages: [ask], maxTokens: 50,
        systemPrompt: 'Answer with a number' }); })
    .then(function (answer) { outcome('answered', answer);
      return rpc('sampling/createMessage', { messages: [ask], maxTokens: 50 }); })
    .then(function (answer) { outcome('declined', answer); });
});
</script></body></html>`;

@Injectable()
class ProbeView {
  @AppView({ uri: 'ui://probe/sampler' })
  view() {
    return PROBE;
  }

  @Tool({
    name: 'sampler',
    description: 'Renders the probe view',
    ui: { view: 'ui://probe/sampler' },
  })
  sampler() {
    return 'ok';
  }
}

/**
 * A view asks the explorer host to sample (`sampling/createMessage`, a Standard MCP Message of
 * the ext-apps draft, offered as `hostCapabilities.sampling`): refused with -32602 for params the
 * host does not serve, put to the person at the page otherwise, who answers as the model or
 * declines (-1, the core spec's user rejection); and the server's tool and resource list changes
 * reach the open view (`hostCapabilities.serverTools/serverResources.listChanged`).
 */
describeBrowser(
  'explorer: a view samples through the host, and hears list changes (Chromium)',
  () => {
    let app: BootedApp;
    let browser: Browser;
    let page: Page;

    beforeAll(async () => {
      app = await bootApp({
        imports: [McpModule.forRoot({ name: 'probe', version: '1.0.0', explorer: true })],
        providers: [ProbeView],
      });
      browser = await launchChromium();
      page = await openExplorer(browser, app.url('/explorer').href, 'legacy');
      await openTool(page, 'sampler');
      await page.click('#run');
    }, 60_000);
    afterAll(async () => {
      await page?.close();
      await browser?.close();
      await app?.close();
    });

    const events = async () => (await page.textContent('#view-events')) ?? '';
    const logged = (text: string) =>
      page.locator('#view-events li', { hasText: text }).first().waitFor({ timeout: 15_000 });

    it('offers sampling and list changes in hostCapabilities', async () => {
      await logged('caps ');
      expect(await events()).toContain(
        'caps {\\"sampling\\":{},\\"serverTools\\":{\\"listChanged\\":true},' +
          '\\"serverResources\\":{\\"listChanged\\":true}}',
      );
    });

    it('refuses params it does not serve with -32602, before asking anyone', async () => {
      await logged('no-max-tokens error');
      const seen = await events();
      expect(seen).toContain('with-tools error -32602');
      expect(seen).toContain('no-max-tokens error -32602');
    });

    it('asks the person at the page, whose reply is the result', async () => {
      await page.waitForSelector('#input-dialog[open] #sampling-decline');
      expect(await page.textContent('#sampling-heading')).toBe(
        'The view of sampler asks for a completion (you are the model)',
      );
      expect(await page.textContent('#input-dialog')).toContain('What is six times seven?');
      await page.fill('#sampling-reply', '42');
      await page.click('#sampling-send');
      await logged('answered result 42');
    });

    it('a declined request answers -1 (user rejected)', async () => {
      await page.waitForSelector('#input-dialog[open] #sampling-decline');
      await page.click('#sampling-decline');
      await logged('declined error -1 User rejected sampling request');
      expect(await events()).toContain('sampling/createMessage');
    });

    it("passes the server's tool and resource list changes on to the view", async () => {
      const server = app.app.get(McpServer);
      server.registerTool({ name: 'late_tool', description: 'Added at runtime' }, () => 'late');
      await logged('heard notifications/tools/list_changed');
      await logged('tools late_tool,sampler');
      server.registerResource({ uri: 'probe://late', name: 'late' }, () => 'late');
      await logged('heard notifications/resources/list_changed');
    });
  },
);
