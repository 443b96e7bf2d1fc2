/**
 * The getting-started guide as a new user follows it: its files (the page's ```ts blocks named
 * `// src/...`) written into a fresh ESM app, compiled with tsc, the app started, and the
 * guide's calls made against it: the official SDK client script and the `nestjs-mcp` CLI.
 * `nestjs-mcp` resolves to this repository's build, as an installed package would.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join, relative, resolve } from 'node:path';
import { extractDocSnippets } from '../../unit/docs/doc-snippets.js';
import { freePort } from '../support/free-port.js';
import { waitFor } from '../support/wait.js';

const root = resolve(import.meta.dirname, '../../..');
const app = join(root, 'test-results/getting-started-app'); // git-ignored
const guide = 'docs/guide/getting-started.md';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, {
    cwd: app,
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

describe('the getting-started guide, followed in a fresh app', () => {
  let server: ChildProcess | undefined;
  let url: string;
  let serverLog = '';

  beforeAll(async () => {
    rmSync(app, { recursive: true, force: true });
    const { snippets } = extractDocSnippets(guide, readFileSync(join(root, guide), 'utf8'));
    const files = [
      'src/greeting.tools.ts',
      'src/app.module.ts',
      'src/main.ts',
      'src/call-greet.ts',
    ];
    for (const file of files) {
      const snippet = snippets.find((s) => s.file === file);
      if (!snippet) throw new Error(`${guide} has no block for ${file}`);
      mkdirSync(dirname(join(app, file)), { recursive: true });
      writeFileSync(join(app, file), snippet.code);
    }
    writeFileSync(join(app, 'package.json'), JSON.stringify({ type: 'module' }));
    // `npm install nestjs-mcp`, standing in: a package named nestjs-mcp that is this build.
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
      `export * from ${JSON.stringify(relative(pkg, built.replace(/\.js$/, '.js')))};\n`,
    );
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        extends: relative(app, join(root, 'test/types/docs-app/tsconfig.base.json')),
        compilerOptions: { noEmit: false, outDir: 'dist', rootDir: 'src', paths: {} },
        include: ['src'],
      }),
    );
    const build = run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', '.']);
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
    const call = run(process.execPath, ['dist/call-greet.js'], { MCP_URL: url });
    expect(call.out).toContain('Hello, Ada.');
    expect(call.status).toBe(0);
  }, 120_000);

  it("calls the tool with the guide's CLI command", () => {
    const cli = join(root, 'dist/lib/cli/main.js');
    const call = run(process.execPath, [
      cli,
      'call',
      url,
      'greet',
      '{"name":"Ada","excited":true}',
    ]);
    expect(call.out).toContain('Hello, Ada!');
    expect(call.status).toBe(0);
  }, 120_000);
});
