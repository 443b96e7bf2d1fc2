import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { MCP_APP_MIME_TYPE } from '../../../lib/index.js';
import { startDemoApp, type RunningDemo } from '../samples/support/demo-app.js';
import { ROOT } from '../stdio/support/sample.js';
import { sdk2Node } from '../sdk2/support/sdk2-driver.js';

const run = promisify(execFile);
const DRIVER = fileURLToPath(new URL('./sdk2-apps-driver.mjs', import.meta.url));
const VIEW = 'ui://demo/counter';

interface Report {
  protocolVersion?: string;
  extension?: unknown;
  tools?: Array<{ name: string; meta: Record<string, unknown> | null }>;
  view?: { uri: string; mimeType: string; meta: unknown; html: string };
  error?: { message: string };
}

/**
 * The official SDK v2 client (private Node 22, as test/e2e/sdk2) against the demo's MCP App in
 * both eras: the extension negotiated, the tool's `_meta.ui`, the view resource and its metadata,
 * and plain tools for a client that does not declare the extension.
 */
describe('MCP Apps with the official SDK v2 client', () => {
  let demo: RunningDemo;
  let node22 = '';

  beforeAll(async () => {
    // The tools (npm installs when missing) while the demo starts.
    [node22] = await Promise.all([sdk2Node(), startDemoApp().then((started) => (demo = started))]);
  }, 320_000);
  afterAll(() => demo?.close());

  async function drive(mode: string, apps: boolean): Promise<Report> {
    const config = JSON.stringify({ url: demo.mcpUrl.href, mode, apps });
    const { stdout } = await run(node22, [DRIVER, config], { cwd: ROOT, timeout: 60_000 });
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as Report;
  }

  it.each(['2025-11-25', '2026-07-28'])(
    '%s: negotiated, _meta.ui listed, view read',
    async (mode) => {
      const report = await drive(mode, true);
      expect(report.error).toBeUndefined();
      expect(report.protocolVersion).toBe(mode);
      expect(report.extension).toEqual({ mimeTypes: [MCP_APP_MIME_TYPE] });
      const show = report.tools?.find((t) => t.name === 'show_counter');
      expect(show?.meta).toEqual({
        ui: { resourceUri: VIEW, visibility: ['model', 'app'] },
        'ui/resourceUri': VIEW,
      });
      expect(report.tools?.find((t) => t.name === 'counter_increment')?.meta).toMatchObject({
        ui: { visibility: ['app'] },
      });
      expect(report.view).toEqual({
        uri: VIEW,
        mimeType: MCP_APP_MIME_TYPE,
        meta: { ui: { prefersBorder: true } },
        html: '<!doctype html>',
      });
    },
  );

  it.each(['2025-11-25', '2026-07-28'])('%s without the extension: plain tools', async (mode) => {
    const report = await drive(mode, false);
    expect(report.error).toBeUndefined();
    const names = report.tools?.map((t) => t.name);
    expect(names).toContain('show_counter');
    expect(names).not.toContain('counter_increment');
    expect(report.tools?.find((t) => t.name === 'show_counter')?.meta).toBeNull();
    expect(report.view).toBeUndefined();
  });
});
