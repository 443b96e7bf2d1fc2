/**
 * An in-memory tree with the devkit tree's semantics for the calls the schematics make (create
 * refuses an existing file, overwrite a missing one), holding what `nest new` writes that the
 * schematics read: package.json and the app module, as the Nest 11 CLI (CommonJS) and the Nest 12
 * CLI (ESM) generate them. (The devkit's own tree, under the Nest CLIs, runs in the packaging
 * e2e: `scripts/schematics-e2e.sh`; jest here cannot load the devkit's ESM dependencies.)
 */
import { posix } from 'node:path';
import type { SchematicLog, SchematicTree } from '../../../lib/schematics/tree.js';

/** A `SchematicTree` over a map of absolute paths to contents. */
export class MemoryTree implements SchematicTree {
  readonly files = new Map<string, string>();

  read(path: string): Buffer | null {
    const text = this.files.get(path);
    return text === undefined ? null : Buffer.from(text);
  }
  exists(path: string): boolean {
    return this.files.has(path);
  }
  create(path: string, content: string): void {
    if (this.files.has(path)) throw new Error(`${path} already exists`);
    this.files.set(path, content);
  }
  overwrite(path: string, content: string): void {
    if (!this.files.has(path)) throw new Error(`${path} does not exist`);
    this.files.set(path, content);
  }
  getDir(path: string): { subfiles: string[] } {
    const subfiles = [...this.files.keys()]
      .filter((file) => posix.dirname(file) === path)
      .map((file) => posix.basename(file));
    return { subfiles };
  }
}

/** The module system of the generated app. */
export type CliApp = 'nest11-cjs' | 'nest12-esm';

const appModule = (ext: string) => `import { Module } from '@nestjs/common';
import { AppController } from './app.controller${ext}';
import { AppService } from './app.service${ext}';

@Module({
  imports: [],
  controllers: [AppController],
  providers: [AppService],
})
export class AppModule {}
`;

/** A tree with the CLI app's package.json and src/app.module.ts. */
export function cliAppTree(app: CliApp, dependencies: Record<string, string> = {}): MemoryTree {
  const tree = new MemoryTree();
  const esm = app === 'nest12-esm';
  tree.create(
    '/package.json',
    JSON.stringify({
      name: 'my-app',
      version: '0.0.1',
      ...(esm && { type: 'module' }),
      dependencies: { '@nestjs/common': '^11.0.1', ...dependencies },
    }),
  );
  tree.create('/src/app.module.ts', appModule(esm ? '.js' : ''));
  return tree;
}

/** A schematic context whose logger collects the lines. */
export function collectingContext(): SchematicLog & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    logger: { info: (line) => void lines.push(line), warn: (line) => void lines.push(line) },
  };
}

/** The text of `path` in `tree` (throws when absent). */
export function textOf(tree: MemoryTree, path: string): string {
  const content = tree.read(path);
  if (content === null) throw new Error(`${path} is not in the tree`);
  return content.toString('utf8');
}
