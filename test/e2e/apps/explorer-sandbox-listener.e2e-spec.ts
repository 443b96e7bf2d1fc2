import 'reflect-metadata';
import { createServer } from 'node:net';
import { McpModule, type McpModuleExtras } from '../../../lib/index.js';
import { bootApp, type BootedApp } from '../nest/support/nest-app.js';

async function boot(extras: McpModuleExtras): Promise<BootedApp> {
  return bootApp({
    imports: [McpModule.forRoot({ name: 'sandbox-listener', version: '1.0.0', ...extras })],
  });
}

/** The sandbox origin the explorer page was given. */
async function sandboxOf(app: BootedApp): Promise<string> {
  const html = await (await fetch(app.url('/explorer'))).text();
  return (/"sandbox":"([^"]+)"/.exec(html) as RegExpExecArray)[1]!;
}

const postView = (sandbox: string, body: unknown, origin = sandbox) =>
  fetch(`${sandbox}/view`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  });

/**
 * The explorer's sandbox listener on real sockets: its own origin apart from the page's, the
 * proxy document and its CSP, one-time view documents with the view's CSP as a header, and what
 * it refuses. The browser side is in explorer-hostile-views and explorer-browser.
 */
describe('explorer sandbox listener', () => {
  let app: BootedApp;
  let sandbox: string;

  beforeAll(async () => {
    app = await boot({ explorer: true });
    sandbox = await sandboxOf(app);
  });
  afterAll(() => app?.close());

  it('listens on its own loopback port, apart from the page', () => {
    expect(sandbox).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox).not.toBe(app.origin);
  });

  it('serves the proxy: only its own script runs, only /view/ of this origin may be framed', async () => {
    const res = await fetch(`${sandbox}/proxy`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'sha256-[\w+/=]+'/);
    expect(csp).toContain(`frame-src ${sandbox}/view/`);
    expect(csp).toContain("connect-src 'self'");
    expect(await res.text()).toContain('sandbox-proxy-ready');
  });

  it('serves a posted view once, with its CSP as a header and undeclared entries refused', async () => {
    const res = await postView(sandbox, {
      html: '<!doctype html><p>view</p>',
      csp: { connectDomains: ['https://api.example.com', '*'] },
    });
    expect(res.status).toBe(201);
    const { url, refused } = (await res.json()) as { url: string; refused: string[] };
    expect(refused).toEqual(['connectDomains: "*"']);
    const view = await fetch(`${sandbox}${url}`);
    expect(view.status).toBe(200);
    expect(await view.text()).toBe('<!doctype html><p>view</p>');
    const csp = view.headers.get('content-security-policy')!;
    expect(csp).toContain('connect-src https://api.example.com;');
    expect(csp).toContain("form-action 'none'");
    expect(csp).toContain('sandbox allow-scripts allow-forms');
    expect(view.headers.get('cache-control')).toBe('no-store');
    const again = await fetch(`${sandbox}${url}`);
    expect(again.status).toBe(404);
    expect(again.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('refuses a view posted from another origin, bodies that are not a view, and other paths', async () => {
    expect((await postView(sandbox, { html: '<p>' }, app.origin)).status).toBe(403);
    expect((await postView(sandbox, { html: 7 })).status).toBe(400);
    const text = await fetch(`${sandbox}/view`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: sandbox },
      body: '<p>',
    });
    expect(text.status).toBe(415);
    expect((await fetch(`${sandbox}/`)).status).toBe(404);
    expect((await fetch(`${sandbox}/explorer`)).status).toBe(404);
    expect((await fetch(`${sandbox}/mcp`, { method: 'POST' })).status).toBe(404);
  });

  it('takes a port and a public origin from the options, and closes with the app', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const configured = await boot({
      explorer: { sandbox: { port, origin: 'https://mcp-sandbox.example.com' } },
    });
    expect(await sandboxOf(configured)).toBe('https://mcp-sandbox.example.com');
    const proxy = await fetch(`http://127.0.0.1:${port}/proxy`);
    expect(proxy.headers.get('content-security-policy')).toContain(
      'frame-src https://mcp-sandbox.example.com/view/',
    );
    await configured.close();
    await expect(fetch(`http://127.0.0.1:${port}/proxy`)).rejects.toThrow();
  });

  it('refuses a sandbox origin that is not an http(s) origin at startup', async () => {
    await expect(
      boot({ explorer: { sandbox: { origin: 'https://x.example/path' } } }),
    ).rejects.toThrow('McpModule: explorer.sandbox.origin must be an http(s) origin');
  });
});
