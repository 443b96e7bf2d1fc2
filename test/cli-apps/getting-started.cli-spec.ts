/**
 * The getting-started page followed literally in the apps the Nest CLI makes, the package
 * installed from the packed tarball with the page's install lines (scripts/schematics-e2e.sh runs
 * them, then this spec, then puts the app back as the CLI left it): the page's files for the app's
 * module system pasted into `src/`, the app's own `npm test` and `npm run test:e2e`, its
 * `npm run build`, the built app started and called with the page's official SDK script, its
 * McpClient script and `npx nestjs-mcp call`, and its stdio entry point launched by the official
 * SDK client. In the Nest 11 app (CommonJS, its stock jest) the tests run first as the CLI
 * configured jest, which the page says fails on `.js` suffixes, then with the page's
 * `moduleNameMapper` line; the Nest 12 app (ESM) tests with vitest.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { run, startBuiltApp, type GuideApp } from '../e2e/docs/support/guide-app.js';
import { cliApp, pageFiles, ROOT } from './support/cli-app.js';

const page = 'docs/guide/getting-started.md';
const app = cliApp();
/** Runs npm in the app; its output without colours (vitest colours it even into a pipe). */
function npm(...args: string[]) {
  const result = run(app.dir, 'npm', args);
  return { ...result, out: stripVTControlCharacters(result.out) };
}

/** The page's `moduleNameMapper` line (its ```json block), as the reader copies it. */
function pageMapper(): Record<string, string> {
  const block = /```json\n\s*("moduleNameMapper":.*)\n\s*```/.exec(
    readFileSync(join(ROOT, page), 'utf8'),
  );
  if (!block) throw new Error(`${page} shows no moduleNameMapper line`);
  return (JSON.parse(`{${block[1]}}`) as { moduleNameMapper: Record<string, string> })
    .moduleNameMapper;
}

/** Adds the page's line to a jest config: package.json's `"jest"` or test/jest-e2e.json. */
function addMapper(file: string, section?: string): void {
  const json = app.json(file);
  const config = (section ? json[section] : json) as Record<string, unknown>;
  config.moduleNameMapper = pageMapper();
  writeFileSync(join(app.dir, file), `${JSON.stringify(json, null, 2)}\n`);
}

describe(`the getting-started guide in a Nest CLI app (${app.system})`, () => {
  const files = pageFiles(page, app.system);

  /** What the spec changes in the app, as it was (undefined: absent): put back afterwards. */
  const original = new Map<string, string | undefined>();

  beforeAll(() => {
    for (const file of [...files.keys(), 'package.json', 'test/jest-e2e.json']) {
      const path = join(app.dir, file);
      original.set(file, existsSync(path) ? readFileSync(path, 'utf8') : undefined);
    }
    for (const [file, code] of files) writeFileSync(join(app.dir, file), code);
  });
  afterAll(() => {
    for (const [file, text] of original) {
      if (text === undefined) rmSync(join(app.dir, file), { force: true });
      else writeFileSync(join(app.dir, file), text);
    }
    rmSync(join(app.dir, 'dist'), { recursive: true, force: true });
  });

  it('pastes every file the page names, its spec and the stdio entry point among them', () => {
    expect([...files.keys()].sort()).toEqual([
      'src/app.module.ts',
      'src/call-greet-mcp-client.ts',
      'src/call-greet.ts',
      'src/greeting.tools.spec.ts',
      'src/greeting.tools.ts',
      'src/main.ts',
      'src/stdio.ts',
    ]);
  });

  if (app.system === 'cjs') {
    it("fails the CLI's own jest on the `.js` suffixes, as the page warns", () => {
      const test = npm('test');
      expect(test.out).toContain("Cannot find module './app.module.js'");
      expect(test.status).not.toBe(0);
    }, 180_000);

    it("adds the page's line to the CLI's two jest configs", () => {
      addMapper('package.json', 'jest');
      addMapper('test/jest-e2e.json');
      expect(app.json('package.json').jest).toHaveProperty('moduleNameMapper', pageMapper());
    });
  }

  it("passes the app's npm test: the CLI's spec and the page's", () => {
    const test = npm('test');
    // jest: "Tests:       2 passed, 2 total"; vitest: "Tests  2 passed (2)".
    expect(test.out).toMatch(/Tests:?\s+2 passed(, 2 total| \(2\))/);
    expect(test.status).toBe(0);
  }, 180_000);

  it("passes the app's npm run test:e2e: the CLI's e2e spec, on the page's app module", () => {
    const test = npm('run', 'test:e2e');
    expect(test.out).toMatch(/Tests:?\s+1 passed(, 1 total| \(1\))/);
    expect(test.status).toBe(0);
  }, 180_000);

  describe('built with npm run build', () => {
    let started: GuideApp;
    let url: string;

    beforeAll(async () => {
      const build = npm('run', 'build');
      if (build.status !== 0) throw new Error(`npm run build failed:\n${build.out}`);
      started = await startBuiltApp(app.dir);
      url = `${started.origin}/mcp`;
    }, 300_000);
    afterAll(() => started?.close());

    it("calls the tool from the page's official SDK client script", () => {
      const call = run(app.dir, process.execPath, ['dist/call-greet.js'], { MCP_URL: url });
      expect(call.out).toContain("text: 'Hello, Ada.'");
      expect(call.status).toBe(0);
    }, 120_000);

    it("calls the tool from the page's McpClient script", () => {
      const call = run(app.dir, process.execPath, ['dist/call-greet-mcp-client.js'], {
        MCP_URL: url,
      });
      expect(call.out).toContain("text: 'Hello, Ada.'");
      expect(call.status).toBe(0);
    }, 120_000);

    it('calls the tool with the installed nestjs-mcp command, as the page does with npx', () => {
      const call = run(app.dir, 'npx', [
        'nestjs-mcp',
        'call',
        url,
        'greet',
        '{"name":"Ada","excited":true}',
      ]);
      expect(call.out).toContain('Hello, Ada!');
      expect(call.status).toBe(0);
    }, 120_000);

    it("keeps the CLI's own route beside the MCP endpoint", async () => {
      const response = await fetch(started.origin);
      expect(await response.text()).toBe('Hello World!');
    });

    it('answers over stdio: the official SDK client launches node dist/stdio.js', async () => {
      const client = new Client({ name: 'getting-started-stdio', version: '1.0.0' });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: ['dist/stdio.js'],
          cwd: app.dir,
        }),
      );
      try {
        const result = await client.callTool({ name: 'greet', arguments: { name: 'Ada' } });
        expect(result.content).toEqual([{ type: 'text', text: 'Hello, Ada.' }]);
      } finally {
        await client.close();
      }
    }, 120_000);
  });
});
