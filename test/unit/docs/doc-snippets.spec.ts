import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ensureBuiltDeclarations, root, runTsc } from '../support/built-declarations.js';
import {
  docPages,
  extractDocSnippets,
  tscDiagnostics,
  type DocFragment,
  type DocSnippet,
} from './doc-snippets.js';

const fixture = join(root, 'test/types/docs-app');
const generated = join(root, 'test-results/doc-snippets'); // git-ignored, outside lint
const SYSTEMS = { esm: 'module', cjs: 'commonjs' } as const;
type System = keyof typeof SYSTEMS;
/** The files a `nest new` app has in `src/` that docs pages build on. */
const CLI_FILES = ['app.module.ts', 'app.controller.ts', 'app.service.ts'];

const snippets: DocSnippet[] = [];
const fragments: DocFragment[] = [];
for (const page of docPages(root)) {
  const found = extractDocSnippets(page, readFileSync(join(root, page), 'utf8'));
  snippets.push(...found.snippets);
  fragments.push(...found.fragments);
}

const slug = (page: string) => page.replace(/\.md$/, '').replace(/[^\w]+/g, '-');
/** Where a snippet is written for one module system: one app directory per page. */
const pathOf = (system: System, snippet: DocSnippet) =>
  join(generated, system, slug(snippet.page), snippet.file);

function writeApp(system: System): void {
  const dir = join(generated, system);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: SYSTEMS[system] }));
  const config = {
    extends: relative(dir, join(fixture, 'tsconfig.base.json')),
    compilerOptions: {
      paths: {
        'nestjs-mcp': [relative(dir, join(root, 'dist/lib/index.d.ts'))],
        vitest: [relative(dir, join(fixture, 'vitest.d.ts'))],
      },
    },
    include: ['**/*.ts'],
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config, null, 2));
  for (const snippet of snippets.filter((s) => s.systems.includes(system))) {
    const path = pathOf(system, snippet);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, snippet.code);
  }
  // Each page app gets the CLI's own files (app.module, app.controller, app.service) unless the
  // page writes them: a page's app.module keeps the CLI's controller and service as a reader's does.
  for (const page of new Set(snippets.map((s) => slug(s.page)))) {
    if (!existsSync(join(dir, page))) continue;
    for (const file of CLI_FILES) {
      const target = join(dir, page, 'src', file);
      if (!existsSync(target)) copyFileSync(join(fixture, file), target);
    }
  }
}

/**
 * Every ```ts block of README.md and docs/**\/*.md compiled as a reader pastes it: alone, into a
 * fresh strict Nest app (test/types/docs-app: strict, decorators with metadata, nodenext) with the
 * package installed and the app's own app.module, as ESM ("type": "module", Nest 12) and as
 * CommonJS (Nest 11 CLI) unless a marker names one. No preamble: imports are written out.
 */
describe('docs TypeScript snippets, pasted alone into a fresh app', () => {
  const errors = new Map<string, string[]>();

  beforeAll(() => {
    ensureBuiltDeclarations();
    rmSync(generated, { recursive: true, force: true });
    for (const system of Object.keys(SYSTEMS) as System[]) {
      writeApp(system);
      const result = runTsc(['-p', join(generated, system, 'tsconfig.json'), '--pretty', 'false']);
      for (const [file, lines] of tscDiagnostics(result.output, root)) errors.set(file, lines);
    }
    const compiled = snippets.filter((s) =>
      s.systems.every((system) => (errors.get(pathOf(system, s)) ?? []).length === 0),
    ).length;
    console.log(
      `doc snippets: ${compiled}/${snippets.length} compile; ${fragments.length} marked as fragments`,
    );
  }, 300_000);

  it('finds the snippets', () => {
    expect(snippets.length).toBeGreaterThanOrEqual(20);
  });

  it.each(
    snippets.flatMap((s) => s.systems.map((system) => [`${s.page}:${s.line}`, system, s] as const)),
  )('%s compiles (%s)', (_where, system, snippet) => {
    expect(errors.get(pathOf(system, snippet)) ?? []).toEqual([]);
  });

  it('says on the page what a fragment leaves out', () => {
    const silent = fragments.filter((f) => !f.firstLine.startsWith('// Fragment:'));
    expect(silent.map((f) => `${f.page}:${f.line}`)).toEqual([]);
  });

  it('has no error outside the snippets (fixture and stubs compile)', () => {
    const written = new Set(snippets.flatMap((s) => s.systems.map((system) => pathOf(system, s))));
    expect([...errors].filter(([file]) => !written.has(file))).toEqual([]);
  });
});
