/**
 * The library of another commit, for the before/after arms (`BENCH_BASELINE_REF`, e.g.
 * `4893439`, the commit before the cluster and limits work): its `lib/` and tsconfig files are
 * taken with `git archive` (no checkout, no worktree left behind) into
 * `.bench-baseline/<commit>/` of this repository, compiled there by this repository's TypeScript
 * (`--noCheck`: the commit was type-checked when it landed) and imported. Being inside the
 * repository, it resolves the same `node_modules`, so both copies share one Nest, zod and rxjs.
 * A built commit is kept and reused.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchLibrary } from './bench-library.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A library built from another commit. */
export interface BaselineLibrary {
  /** The commit's short hash, as the arms name it. */
  label: string;
  library: BenchLibrary;
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
}

/**
 * Builds (once) the library of commit `ref` into `.bench-baseline/<commit>/dist/`.
 * @returns the commit's short hash and the path of its built `index.js`.
 * @throws Error when `ref` is not a commit of this repository or its library does not compile.
 */
export function buildBaselineLibrary(ref: string): { label: string; entry: string } {
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  const label = commit.slice(0, 7);
  const dir = join(ROOT, '.bench-baseline', commit);
  const entry = join(dir, 'dist', 'index.js');
  if (!existsSync(entry)) {
    console.log(`building the library of ${label} into ${dir}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const archive = execFileSync(
      'git',
      ['archive', '--format=tar', commit, 'lib', 'tsconfig.json', 'tsconfig.esm.json'],
      { cwd: ROOT, maxBuffer: 256 * 1024 * 1024 },
    );
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}\n');
    execFileSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/typescript/bin/tsc'),
        '-p',
        join(dir, 'tsconfig.esm.json'),
        '--noCheck',
        '--outDir',
        join(dir, 'dist'),
        '--declaration',
        'false',
        '--declarationMap',
        'false',
        '--sourceMap',
        'false',
      ],
      { cwd: dir, stdio: 'inherit' },
    );
  }
  return { label, entry };
}

/**
 * A copy of this checkout's built library (`dist/lib`, its `.js` files) in
 * `.bench-baseline/checkout/dist/`, made afresh on each call, so the checkout's side of a
 * before/after can be loaded exactly as the commit's side is (see {@link importLibrary}).
 * @returns the path of the copy's `index.js`.
 */
export function copyCheckoutLibrary(): string {
  const dir = join(ROOT, '.bench-baseline', 'checkout');
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(ROOT, 'dist', 'lib'), join(dir, 'dist'), {
    recursive: true,
    filter: (source) => !/\.(map|d\.ts)$/.test(source),
  });
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}\n');
  return join(dir, 'dist', 'index.js');
}

/** Imports a library built by {@link buildBaselineLibrary} or copied by {@link copyCheckoutLibrary}. */
export async function importLibrary(entry: string): Promise<BenchLibrary> {
  return (await import(pathToFileURL(entry).href)) as BenchLibrary;
}

/**
 * Builds (once) and imports the library of commit `ref`.
 * @throws Error when `ref` is not a commit of this repository or its library does not compile.
 */
export async function loadBaselineLibrary(ref: string): Promise<BaselineLibrary> {
  const { label, entry } = buildBaselineLibrary(ref);
  return { label, library: await importLibrary(entry) };
}
