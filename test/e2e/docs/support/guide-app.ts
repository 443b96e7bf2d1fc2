/**
 * A docs page followed in a fresh app: the CLI's own `app.controller`/`app.service` plus the
 * page's files (its ```ts blocks named `// src/...`), `nestjs-mcp` resolving to this build as an
 * installed package would, compiled with tsc and started as `node dist/main.js`.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { extractDocSnippets } from '../../../unit/docs/doc-snippets.js';
import { freePort } from '../../support/free-port.js';
import { waitFor } from '../../support/wait.js';

export const ROOT = resolve(import.meta.dirname, '../../../..');
/** What `nest new` leaves in src/ that the pages' app.module keeps. */
const CLI_FILES = ['app.controller.ts', 'app.service.ts'];

/** Runs a command in `cwd`, its output and status collected. */
export function run(cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
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

/** Options of {@link startGuideApp}. */
export interface GuideAppOptions {
  /** The page, from the repository root (`docs/guide/getting-started.md`). */
  guide: string;
  /** The page's files to write (`src/app.module.ts`, ...); each must have a block. */
  files: string[];
  /** Files written as given (a `main.ts` the page does not show). */
  extraFiles?: Record<string, string>;
  /** The app's module system. Default `'module'`. */
  type?: 'module' | 'commonjs';
  /** Folder under `test-results/` (git-ignored). */
  folder: string;
}

/** The started app. */
export interface GuideApp {
  dir: string;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  close(): void;
}

function writeApp(dir: string, options: GuideAppOptions): void {
  rmSync(dir, { recursive: true, force: true });
  const { snippets } = extractDocSnippets(
    options.guide,
    readFileSync(join(ROOT, options.guide), 'utf8'),
  );
  mkdirSync(join(dir, 'src'), { recursive: true });
  for (const file of CLI_FILES) {
    copyFileSync(join(ROOT, 'test/types/docs-app', file), join(dir, 'src', file));
  }
  for (const file of options.files) {
    const snippet = snippets.find((s) => s.file === file);
    if (!snippet) throw new Error(`${options.guide} has no block for ${file}`);
    writeFileSync(join(dir, file), snippet.code);
  }
  for (const [file, text] of Object.entries(options.extraFiles ?? {})) {
    writeFileSync(join(dir, file), text);
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: options.type ?? 'module' }));
  // `npm install nestjs-mcp`, standing in: a package named nestjs-mcp that is this build (the
  // ESM build re-exported; a CommonJS app loads it with require(esm), as Node 20.19+ does).
  const pkg = join(dir, 'node_modules/nestjs-mcp');
  mkdirSync(pkg, { recursive: true });
  const built = join(ROOT, 'dist/lib/index.js');
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
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: relative(dir, join(ROOT, 'test/types/docs-app/tsconfig.base.json')),
      compilerOptions: { noEmit: false, outDir: 'dist', rootDir: 'src', paths: {} },
      include: ['src'],
    }),
  );
}

/** Writes, compiles and starts the page's app on a free port; resolves once it listens. */
export async function startGuideApp(options: GuideAppOptions): Promise<GuideApp> {
  const dir = join(ROOT, 'test-results', options.folder);
  writeApp(dir, options);
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  // Not spawnSync: the spec's other set-up (a bundle, a browser) goes on while tsc compiles.
  await promisify(execFile)(process.execPath, [tsc, '-p', '.'], {
    cwd: dir,
    timeout: 120_000,
  }).catch((error: Error & { stdout?: string; stderr?: string }) => {
    throw new Error(`tsc failed:\n${error.stdout ?? ''}${error.stderr ?? error.message}`);
  });
  return startBuiltApp(dir);
}

/**
 * Starts a built app as its `npm run start:prod` would (`node dist/main.js` in `dir`) on a free
 * port passed as `PORT`; resolves once it listens.
 */
export async function startBuiltApp(dir: string, main = 'dist/main.js'): Promise<GuideApp> {
  const port = await freePort();
  let log = '';
  const server: ChildProcess = spawn(process.execPath, [main], {
    cwd: dir,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = () => server.exitCode !== null || server.signalCode !== null;
  await waitFor(() => exited() || listening(port), {
    timeoutMs: 90_000,
    intervalMs: 200,
    description: `the app in ${dir} to listen`,
  }).catch((error: Error) => {
    server.kill();
    throw new Error(`${error.message} (its log: ${log})`);
  });
  if (exited()) throw new Error(`node ${main} in ${dir} exited: ${log}`);
  return { dir, origin: `http://127.0.0.1:${port}`, close: () => void server.kill() };
}
