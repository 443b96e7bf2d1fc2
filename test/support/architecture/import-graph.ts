import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import ts from 'typescript';

/** One import (static, type-only, re-export or dynamic) of a file under the checked root. */
export interface ImportEdge {
  /** The importing file, relative to the root, `/`-separated (`transports/sse/sse.handler.ts`). */
  from: string;
  /** The specifier as written (`../../server/mcp-server.js`, `@nestjs/common`). */
  specifier: string;
  /** For a relative specifier: the imported file relative to the root (may start with `../`). */
  target?: string;
}

/** Every `.ts` source file below `dir` (declarations excluded). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Resolves a relative specifier of `from` to a root-relative `.ts` path. */
export function resolveTarget(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const joined = posix.normalize(posix.join(posix.dirname(from), specifier));
  if (joined.endsWith('.js')) return joined.slice(0, -3) + '.ts';
  return joined.endsWith('.ts') ? joined : `${joined}/index.ts`;
}

/** The imports of one file's text, found by the TypeScript pre-processor (every import form). */
export function importsOf(from: string, text: string): ImportEdge[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.map(({ fileName }) => ({
    from,
    specifier: fileName,
    target: resolveTarget(from, fileName),
  }));
}

/** Every import of every `.ts` file below `root`. */
export function readImportGraph(root: string): ImportEdge[] {
  return sourceFiles(root).flatMap((file) => {
    const from = relative(root, file).split(sep).join('/');
    return importsOf(from, readFileSync(file, 'utf8'));
  });
}
