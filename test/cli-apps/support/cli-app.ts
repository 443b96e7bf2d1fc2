/**
 * The app these specs run in: one made by the Nest CLI (`nest new`) with the package installed
 * from the packed tarball, named by `CLI_APP_DIR` (scripts/schematics-e2e.sh sets it, runs the
 * `cli-apps` jest project, then puts the app back as the CLI left it). Its module system is the one
 * its package.json gives (the Nest 11 CLI: CommonJS; the Nest 12 CLI: `"type": "module"`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { extractDocSnippets, type DocSnippet } from '../../unit/docs/doc-snippets.js';

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, '../../..');

/** The generated app under test. */
export interface CliApp {
  dir: string;
  /** `esm` for `"type": "module"`, else `cjs`: the snippet systems of test/unit/docs. */
  system: 'esm' | 'cjs';
  /** Reads one of the app's JSON files (`package.json`, `test/jest-e2e.json`). */
  json(file: string): Record<string, unknown>;
}

/** The app `CLI_APP_DIR` names; throws when it is not set (these specs run inside such an app). */
export function cliApp(): CliApp {
  const dir = process.env.CLI_APP_DIR;
  // The specs write into the app and run its npm scripts: never anywhere but such an app.
  const inRepository = !!dir && !relative(ROOT, resolve(dir)).startsWith('..');
  if (!dir || inRepository || !existsSync(join(dir, 'nest-cli.json'))) {
    throw new Error(
      `CLI_APP_DIR (${dir}) must name an app made by \`nest new\` (a nest-cli.json, outside ` +
        'this repository): run by scripts/schematics-e2e.sh',
    );
  }
  const json = (file: string) =>
    JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
  return { dir, system: json('package.json').type === 'module' ? 'esm' : 'cjs', json };
}

/** A docs page's ```ts blocks (test/unit/docs/doc-snippets.ts), page path from the root. */
export function pageSnippets(page: string): DocSnippet[] {
  return extractDocSnippets(page, readFileSync(join(ROOT, page), 'utf8')).snippets;
}

/**
 * The files a reader of `page` pastes into an app of `system`: each named block once, the first
 * for its file (a page that shows one file twice, once per module system, marks each).
 */
export function pageFiles(page: string, system: CliApp['system']): Map<string, string> {
  const files = new Map<string, string>();
  for (const snippet of pageSnippets(page)) {
    if (snippet.systems.includes(system) && !files.has(snippet.file)) {
      files.set(snippet.file, snippet.code);
    }
  }
  return files;
}
