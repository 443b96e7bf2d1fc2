/**
 * The getting-started guide as a new user follows it, in a fresh ESM app (Nest 12 CLI) and a fresh
 * CommonJS app (Nest 11 CLI): the CLI's own `app.controller`/`app.service` plus the page's files
 * (its ```ts blocks named `// src/...`), compiled with tsc, the app started, and the guide's calls
 * made against it: the official SDK client script, the McpClient script and the `nestjs-mcp` CLI.
 * `nestjs-mcp` resolves to this repository's build, as an installed package would. (The page's
 * jest line for CommonJS apps runs in the packaging e2e's Nest 11 app, which has Nest 11's own
 * CommonJS packages: `test/packaging/nest11-cjs`.)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { extractDocSnippets } from '../../unit/docs/doc-snippets.js';
import { freePort } from '../support/free-port.js';
import { waitFor } from '../support/wait.js';

const root = resolve(import.meta.dirname, '../../..');
const guide = 'docs/guide/getting-started.md';
const PAGE_FILES = [
  'src/greeting.tools.ts',
  'src/app.module.ts',
  'src/main.ts',
  'src/call-greet.ts',
  'src/call-greet-mcp-client.ts',
];
/** What `nest new` leaves in src/ that the page's app.module keeps. */
const CLI_FILES = ['app.controller.ts', 'app.service.ts'];

function run(cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 120_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

const listening = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => done(socket.destroy() === socket));
    socket.once('error', () => done(false));
  });

/** Writes the app: the CLI's files, the page's files, a `nestjs-mcp` that is this build. */
function writeApp(app: string, type: 'module' | 'commonjs'): void {
  rmSync(app, { recursive: true, force: true });
  const { snippets } = extractDocSnippets(guide, readFileSync(join(root, guide), 'utf8'));
  mkdirSync(join(app, 'src'), { recursive: true });
  for (const file of CLI_FILES) {
    copyFileSync(join(root, 'test/types/docs-app', file), join(app, 'src', file));
  }
  for (const file of PAGE_FILES) {
    const snippet = snippets.find((s) => s.file === file);
    if (!snippet) throw new Error(`${guide} has no block for ${file}`);
    writeFileSync(join(app, file), snippet.code);
  }
  writeFileSync(join(app, 'package.json'), JSON.stringify({ type }));
  // `npm install nestjs-mcp`, standing in: a package named nestjs-mcp that is this build (the
  // ESM build re-exported; a CommonJS app loads it with require(esm), as Node 20.19+ does).
  const pkg = join(app, 'node_modules/nestjs-mcp');
  mkdirSync(pkg, { recursive: true });
  const built = join(root, 'dist/lib/index.js');
  writeFileSync(
    join(pkg, 'package.json'),
    JSON.stringify({ name: 'nestjs-mcp', type: 'module', main: 'index.js', types: 'index.d.ts' }),
  );
  writeFileSync(join(pkg, 'index.js'), `export * from ${JSON.stringify(built)};\n`);
  writeFileSync(
    join(pkg, 'index.d.ts'),
    `export * from ${JSON.stringify(relative(pkg, built))};\n`,
  );
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      extends: relative(app, join(root, 'test/types/docs-app/tsconfig.base.json')),
      compilerOptions: { noEmit: false, outDir: 'dist', rootDir: 'src', paths: {} },
      include: ['src'],
    }),
  );
}

describe.each(['module', 'commonjs'] as const)(
  'the getting-started guide, followed in a fresh app ("type": "%s")',
  (type) => {
    const app = join(root, `test-results/getting-started-app-${type}`); // git-ignored
    let server: ChildProcess | undefined;
    let url: string;
    let serverLog = '';

    beforeAll(async () => {
      writeApp(app, type);
      const tsc = join(root, 'node_modules/typescript/bin/tsc');
      const build = run(app, process.execPath, [tsc, '-p', '.']);
      if (build.status !== 0) throw new Error(`tsc failed:\n${build.out}`);

      const port = await freePort();
      url = `http://127.0.0.1:${port}/mcp`;
      server = spawn(process.execPath, ['dist/main.js'], {
        cwd: app,
        env: { ...process.env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout!.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
      server.stderr!.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
      await waitFor(() => listening(port), {
        timeoutMs: 90_000,
        intervalMs: 200,
        description: `the guide's app to listen (log: ${serverLog})`,
      });
    }, 300_000);

    afterAll(() => {
      server?.kill();
    });

    it("calls the tool from the guide's official SDK client script", () => {
      const call = run(app, process.execPath, ['dist/call-greet.js'], { MCP_URL: url });
      expect(call.out).toContain('Hello, Ada.');
      expect(call.status).toBe(0);
    }, 120_000);

    it("calls the tool from the guide's McpClient script", () => {
      const call = run(app, process.execPath, ['dist/call-greet-mcp-client.js'], { MCP_URL: url });
      expect(call.out).toContain('Hello, Ada.');
      expect(call.status).toBe(0);
    }, 120_000);

    it("calls the tool with the guide's CLI command", () => {
      const cli = join(root, 'dist/lib/cli/main.js');
      const call = run(app, process.execPath, [
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
