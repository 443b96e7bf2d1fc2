import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One ```ts block of a Markdown page, as the file a reader pastes it into. */
export interface DocSnippet {
  /** The Markdown file, relative to the repository root. */
  page: string;
  /** 1-based line of the block's first code line in the page. */
  line: number;
  /** `src/...` path: named by a first-line comment (`// src/app.module.ts`), else generated. */
  file: string;
  code: string;
  /** Module systems it is compiled in: `esm` for top-level await, `cjs` for CommonJS-only. */
  systems: ReadonlyArray<'esm' | 'cjs'>;
}

/** A block shown on purpose as a fragment: its first line says so on the page. */
export interface DocFragment {
  page: string;
  line: number;
  firstLine: string;
}

const FENCE_OPEN = /^(\s*)```(ts|typescript)\s*$/;
const FENCE_CLOSE = /^\s*```\s*$/;
const MARKER = /^<!--\s*snippet:\s*([\w-]+)\s*-->$/;
const NAMED = /^\/\/ (src\/[\w./-]+\.ts)\b/;

/**
 * The TypeScript blocks of a page. The line before a block may carry a marker:
 * `<!-- snippet: esm -->` (ESM only, e.g. top-level await), `<!-- snippet: cjs -->` (CommonJS
 * only), `<!-- snippet: fragment -->` (not compiled: the block's first line must be a
 * `// Fragment: ...` comment telling the reader what it leaves out).
 */
export function extractDocSnippets(
  page: string,
  markdown: string,
): { snippets: DocSnippet[]; fragments: DocFragment[] } {
  const lines = markdown.split('\n');
  const snippets: DocSnippet[] = [];
  const fragments: DocFragment[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE_OPEN.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    let end = i + 1;
    while (end < lines.length && !FENCE_CLOSE.test(lines[end]!)) end++;
    const code = lines
      .slice(i + 1, end)
      .map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)))
      .join('\n');
    const marker = MARKER.exec(previousText(lines, i))?.[1];
    const line = i + 2;
    if (marker === 'fragment') {
      fragments.push({ page, line, firstLine: code.split('\n')[0]!.trim() });
    } else if (marker === undefined || marker === 'esm' || marker === 'cjs') {
      const named = NAMED.exec(code.split('\n')[0]!)?.[1];
      snippets.push({
        page,
        line,
        file: named ?? `src/snippet-L${line}.ts`,
        code: `${code}\n`,
        systems: marker === undefined ? ['esm', 'cjs'] : [marker],
      });
    } else {
      throw new Error(`${page}:${i + 1}: unknown snippet marker "${marker}"`);
    }
    i = end;
  }
  return { snippets, fragments };
}

/** The nearest non-blank line above line `index`, trimmed. */
function previousText(lines: string[], index: number): string {
  for (let i = index - 1; i >= 0; i--) {
    if (lines[i]!.trim() !== '') return lines[i]!.trim();
  }
  return '';
}

/**
 * tsc's diagnostics (`--pretty false`) by file (`dir` joined to the path tsc prints, relative to
 * where it ran), the indented elaboration lines folded into the error above them; lines that name
 * no file under `(tsc)`.
 */
export function tscDiagnostics(output: string, dir: string): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  let file = '(tsc)';
  for (const line of output.split('\n').filter((l) => l.trim() !== '')) {
    const match = /^(.*)\((\d+),(\d+)\): (.*)$/.exec(line);
    if (match) file = join(dir, match[1]!);
    else if (!/^\s/.test(line)) file = '(tsc)';
    byFile.set(file, [...(byFile.get(file) ?? []), line.trim()]);
  }
  return byFile;
}

/**
 * README.md and every page under docs/ (the generated API reference and design notes aside), as
 * paths from `root`, the repository root.
 */
export function docPages(root: string, dir = join(root, 'docs')): string[] {
  const pages = readdirSync(dir, { withFileTypes: true }).flatMap((entry): string[] => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return ['api', 'design', '.vitepress', 'node_modules'].includes(entry.name)
        ? []
        : docPages(root, path);
    }
    return entry.name.endsWith('.md') ? [relative(root, path)] : [];
  });
  return dir === join(root, 'docs') ? ['README.md', ...pages] : pages;
}
