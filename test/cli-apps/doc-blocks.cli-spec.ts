/**
 * The docs' ```ts blocks compiled in an app the Nest CLI made, with the app's own tsconfig.json
 * and TypeScript (a Nest 11 app: CommonJS, `strictNullChecks` only; a Nest 12 app: ESM, `strict`,
 * TypeScript 6) and the package from the packed tarball: what test/unit/docs/doc-snippets.spec.ts
 * proves in test/types/docs-app, proven where readers paste them. A page's blocks are written as
 * the page's files under `doc-blocks/<page>/src/` beside the app's own `app.controller.ts`,
 * `app.service.ts` and `app.module.ts` (unless the page writes it), then `tsc --noEmit` runs with a
 * config that extends the app's. Every page whose blocks import only what such an app has once the
 * getting-started page's install lines ran is compiled; a page that promises its blocks can be
 * pasted as is must be among them.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { docPages, tscDiagnostics, type DocSnippet } from '../unit/docs/doc-snippets.js';
import { run } from '../e2e/docs/support/guide-app.js';
import { cliApp, pageSnippets, ROOT } from './support/cli-app.js';

const app = cliApp();
const OUT = 'doc-blocks';
const CONFIG = 'tsconfig.doc-blocks.json';
/** What `nest new` writes in `src/` that pages build on. */
const CLI_FILES = ['app.controller.ts', 'app.service.ts', 'app.module.ts'];
const PASTE_AS_IS = /paste it as is/i;

/** The app's test runner, as its package.json lists it. */
const devDependencies = (app.json('package.json').devDependencies ?? {}) as Record<string, string>;
/** Imports a CLI app resolves after `npm install nestjs-mcp zod @modelcontextprotocol/sdk`. */
const installed = (specifier: string) =>
  specifier.startsWith('node:') ||
  specifier.startsWith('@modelcontextprotocol/sdk/') ||
  ['@nestjs/common', '@nestjs/core', '@nestjs/testing', '@nestjs/platform-express'].includes(
    specifier,
  ) ||
  ['nestjs-mcp', 'zod', 'rxjs', 'reflect-metadata'].includes(specifier) ||
  (specifier === '@jest/globals' && 'jest' in devDependencies) ||
  (specifier === 'vitest' && 'vitest' in devDependencies);

/** The packages a block imports (relative imports aside). */
const imports = (code: string) =>
  [...code.matchAll(/(?:from|import)\s+'([^'.][^']*)'/g)].map((match) => match[1]!);

/** One compiled copy of a page: its blocks for the app's module system, each file once. */
interface PageApp {
  dir: string;
  blocks: DocSnippet[];
}

/**
 * The page's copies: one with the first block of each file; one more per later block for a file
 * already written (a page showing a file twice, e.g. once per module system), that block in place.
 */
function pageApps(page: string, blocks: DocSnippet[]): PageApp[] {
  const slug = page.replace(/\.md$/, '').replace(/[^\w]+/g, '-');
  const first = new Map<string, DocSnippet>();
  const later: DocSnippet[] = [];
  for (const block of blocks) {
    if (first.has(block.file)) later.push(block);
    else first.set(block.file, block);
  }
  return [
    { dir: join(OUT, slug), blocks: [...first.values()] },
    ...later.map((block) => ({
      dir: join(OUT, `${slug}-L${block.line}`),
      blocks: [...first.values()].filter((b) => b.file !== block.file).concat(block),
    })),
  ];
}

function writePageApp({ dir, blocks }: PageApp): void {
  for (const block of blocks) {
    const path = join(app.dir, dir, block.file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, block.code);
  }
  for (const file of CLI_FILES) {
    const target = join(app.dir, dir, 'src', file);
    mkdirSync(dirname(target), { recursive: true });
    if (!existsSync(target)) copyFileSync(join(app.dir, 'src', file), target);
  }
}

const pages = docPages(ROOT).map((page) => {
  const blocks = pageSnippets(page).filter((s) => s.systems.includes(app.system));
  const missing = [...new Set(blocks.flatMap((b) => imports(b.code)))].filter((s) => !installed(s));
  const pasteAsIs = PASTE_AS_IS.test(readFileSync(join(ROOT, page), 'utf8'));
  return { page, blocks, missing, pasteAsIs };
});
const compiled = pages.filter((p) => p.blocks.length > 0 && p.missing.length === 0);
const apps = compiled.flatMap((p) => pageApps(p.page, p.blocks));

describe(`the docs' blocks in a Nest CLI app's own tsconfig (${app.system})`, () => {
  const errors = new Map<string, string[]>();

  beforeAll(() => {
    rmSync(join(app.dir, OUT), { recursive: true, force: true });
    for (const pageApp of apps) writePageApp(pageApp);
    writeFileSync(
      join(app.dir, CONFIG),
      JSON.stringify({
        extends: './tsconfig.json',
        compilerOptions: { noEmit: true, incremental: false },
        include: [OUT],
      }),
    );
    const tsc = run(app.dir, process.execPath, [
      'node_modules/typescript/bin/tsc',
      '-p',
      CONFIG,
      '--pretty',
      'false',
    ]);
    for (const [file, lines] of tscDiagnostics(tsc.out, app.dir)) errors.set(file, lines);
    const skipped = pages.filter((p) => p.missing.length > 0);
    console.log(
      `doc blocks in the app: ${compiled.length} pages compiled; not compiled (they import an ` +
        `optional peer): ${skipped.map((p) => `${p.page} (${p.missing.join(', ')})`).join('; ')}`,
    );
  }, 300_000);

  // The app's own build compiles every .ts file under it (a Nest 11 tsconfig names no folder).
  afterAll(() => {
    rmSync(join(app.dir, OUT), { recursive: true, force: true });
    rmSync(join(app.dir, CONFIG));
  });

  it('compiles every page that says its blocks can be pasted as is', () => {
    const promised = pages.filter((p) => p.pasteAsIs);
    expect(promised.map((p) => p.page)).toContain('docs/guide/getting-started.md');
    expect(promised.filter((p) => !compiled.includes(p)).map((p) => p.page)).toEqual([]);
  });

  it.each(
    apps.flatMap((pageApp) =>
      pageApp.blocks.map((block) => [`${block.page}:${block.line}`, pageApp, block] as const),
    ),
  )('%s compiles (%#)', (_where, pageApp, block) => {
    expect(errors.get(join(app.dir, pageApp.dir, block.file)) ?? []).toEqual([]);
  });

  it("has no error outside the blocks (the app's own files, the tsconfig)", () => {
    const written = new Set(
      apps.flatMap((pageApp) => pageApp.blocks.map((b) => join(app.dir, pageApp.dir, b.file))),
    );
    expect([...errors].filter(([file]) => !written.has(file))).toEqual([]);
  });
});
