/**
 * The getting-started guide as a new user follows it, in a fresh ESM app (Nest 12 CLI) and a fresh
 * CommonJS app (Nest 11 CLI): the CLI's own `app.controller`/`app.service` plus the page's files
 * (its ```ts blocks named `// src/...`), compiled with tsc, the app started, and the guide's calls
 * made against it: the official SDK client script, the McpClient script and the `nestjs-mcp` CLI.
 * `nestjs-mcp` resolves to this repository's build, as an installed package would. The same
 * walk-through in the apps the Nest CLI 11 and 12 make, with the packed tarball, their own jest or
 * vitest and the page's jest line: `test/cli-apps/getting-started.cli-spec.ts` (packaging e2e).
 */
import { join } from 'node:path';
import { ROOT, run, startGuideApp, type GuideApp } from './support/guide-app.js';

const guide = 'docs/guide/getting-started.md';

describe.each(['module', 'commonjs'] as const)(
  'the getting-started guide, followed in a fresh app ("type": "%s")',
  (type) => {
    let app: GuideApp;
    let url: string;

    beforeAll(async () => {
      app = await startGuideApp({
        guide,
        type,
        folder: `getting-started-app-${type}`,
        files: [
          'src/greeting.tools.ts',
          'src/app.module.ts',
          'src/main.ts',
          'src/call-greet.ts',
          'src/call-greet-mcp-client.ts',
        ],
      });
      url = `${app.origin}/mcp`;
    }, 300_000);

    afterAll(() => app?.close());

    it("calls the tool from the guide's official SDK client script", () => {
      const call = run(app.dir, process.execPath, ['dist/call-greet.js'], { MCP_URL: url });
      expect(call.out).toContain('Hello, Ada.');
      expect(call.status).toBe(0);
    }, 120_000);

    it("calls the tool from the guide's McpClient script", () => {
      const call = run(app.dir, process.execPath, ['dist/call-greet-mcp-client.js'], {
        MCP_URL: url,
      });
      expect(call.out).toContain('Hello, Ada.');
      expect(call.status).toBe(0);
    }, 120_000);

    it("calls the tool with the guide's CLI command", () => {
      const cli = join(ROOT, 'dist/lib/cli/main.js');
      const call = run(app.dir, process.execPath, [
        cli,
        'call',
        url,
        'greet',
        '{"name":"Ada","excited":true}',
      ]);
      expect(call.out).toContain('Hello, Ada!');
      expect(call.status).toBe(0);
    }, 120_000);

    it("keeps the CLI's own route beside the MCP endpoint", async () => {
      const response = await fetch(url.replace(/\/mcp$/, '/'));
      expect(await response.text()).toBe('Hello World!');
    });
  },
);
