import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');
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

function run(args: string[]): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [tsc, ...args], { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
}

/**
 * The public API compiled from a consumer project (test/types/consumer: strict,
 * exactOptionalPropertyTypes, `import ... from 'nestjs-mcp'` resolved to dist/lib/index.d.ts).
 * The *.types.ts files hold `expectTypeOf` assertions and `@ts-expect-error` lines.
 */
describe('public API types from a consumer project', () => {
  beforeAll(() => {
    // `npm test` builds first; a lone run of this spec builds when lib/ is newer than dist/.
    if (!isStale()) return;
    const build = run(['-p', 'tsconfig.build.json']);
    if (!statSync(declarations, { throwIfNoEntry: false })) {
      throw new Error(`The build emitted no ${declarations}:\n${build.output}`);
    }
  }, 180_000);

  it('compiles test/types/consumer with no errors', () => {
    const result = run(['-p', 'test/types/consumer/tsconfig.json', '--noEmit']);
    expect(result).toEqual({ status: 0, output: '' });
  }, 180_000);
});
