import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository root. */
export const root = resolve(import.meta.dirname, '../../..');
const declarations = join(root, 'dist/lib/index.d.ts');
const tsc = join(root, 'node_modules/typescript/bin/tsc');

/** Newest modification time (ms) of the .ts files under a folder. */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function isStale(): boolean {
  try {
    return statSync(declarations).mtimeMs < newestSource(join(root, 'lib'));
  } catch {
    return true;
  }
}

/** Runs the repository's `tsc` with `args` from the root. */
export function runTsc(args: string[]): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [tsc, ...args], { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
}

/**
 * Makes sure dist/lib/index.d.ts (what consumer projects compile against) is current: `npm test`
 * builds first; a lone run of a spec builds when lib/ is newer than dist/.
 */
export function ensureBuiltDeclarations(): void {
  if (!isStale()) return;
  const build = runTsc(['-p', 'tsconfig.build.json']);
  if (!statSync(declarations, { throwIfNoEntry: false })) {
    throw new Error(`The build emitted no ${declarations}:\n${build.output}`);
  }
}
