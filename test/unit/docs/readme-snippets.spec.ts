import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuiltDeclarations, root, runTsc } from '../support/built-declarations.js';
import { extractSnippets, type Snippet } from './readme-snippets.js';

const project = join(root, 'test/types/readme');
const generated = join(root, 'test-results/readme-snippets'); // git-ignored, outside lint
const snippets = extractSnippets(readFileSync(join(root, 'README.md'), 'utf8'));
const fileOf = (snippet: Snippet) => `readme-L${snippet.line}.ts`;

/** tsc diagnostics (`--pretty false`) by file name, a snippet's mapped back to README lines. */
function diagnostics(output: string): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  let file = '(tsc)';
  for (const line of output.split('\n').filter((l) => l.trim() !== '')) {
    const match = /^(?:.*\/)?([^/(]+)\((\d+),(\d+)\): (.*)$/.exec(line);
    // Indented lines continue the diagnostic above (its elaboration).
    if (match) file = match[1]!;
    else if (!/^\s/.test(line)) file = '(tsc)';
    const snippet = snippets.find((s) => fileOf(s) === file);
    const text =
      snippet && match
        ? `README.md:${snippet.line + Number(match[2]) - 1 - snippet.offset}:${match[3]} ${match[4]}`
        : line;
    byFile.set(file, [...(byFile.get(file) ?? []), text]);
  }
  return byFile;
}

/**
 * Every ```ts block of README.md compiled as a consumer would: test/types/readme/tsconfig.json
 * (strict, exactOptionalPropertyTypes, decorators with metadata) against the built declarations,
 * each block its own module next to a stub `./app.module`, with test/types/readme/preamble.d.ts declaring the names snippets
 * use without importing them. Markers are described in CONTRIBUTING.md.
 */
describe('README.md TypeScript snippets', () => {
  let errors: Map<string, string[]>;

  beforeAll(() => {
    ensureBuiltDeclarations();
    rmSync(generated, { recursive: true, force: true });
    mkdirSync(generated, { recursive: true });
    // The module snippets import as `./app.module` or `./app.module.js`.
    copyFileSync(join(project, 'app.module.ts'), join(generated, 'app.module.ts'));
    for (const snippet of snippets) writeFileSync(join(generated, fileOf(snippet)), snippet.source);
    const result = runTsc(['-p', join(project, 'tsconfig.json'), '--noEmit', '--pretty', 'false']);
    errors = diagnostics(result.output);
  }, 180_000);

  it('finds the snippets', () => {
    expect(snippets.length).toBeGreaterThanOrEqual(10);
  });

  it.each(snippets.map((snippet) => [snippet.line, snippet] as const))(
    'the snippet at README.md:%i compiles under strict',
    (_line, snippet) => {
      expect(errors.get(fileOf(snippet)) ?? []).toEqual([]);
    },
  );

  it('the preamble and stubs compile (no error outside the snippets)', () => {
    const others = [...errors].filter(([file]) => !snippets.some((s) => fileOf(s) === file));
    expect(others).toEqual([]);
  });
});
