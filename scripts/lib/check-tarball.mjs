// Checks a packed tarball's contents: LICENSE, both entry points with their types, and every
// source map's `sources` resolving to a file inside the tarball. Exit 1 listing what is wrong.
// The tarball is unpacked once into a temporary folder and its files read from there (one `tar`
// per file decompressed the whole archive each time: minutes for two thousand source maps).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';

const tarball = process.argv[2];
const list = (args) => execFileSync('tar', args, { encoding: 'utf8', maxBuffer: 64 << 20 });
const unpacked = mkdtempSync(join(tmpdir(), 'check-tarball-'));
process.on('exit', () => rmSync(unpacked, { recursive: true, force: true }));
list(['-xzf', tarball, '-C', unpacked]);
/** A file of the tarball (`package/` is its root folder), as text. */
const read = (file) => readFileSync(join(unpacked, 'package', file), 'utf8');
// One listing (`tar -tv`): every file of the tarball with its mode.
const modes = new Map(
  list(['-tvzf', tarball])
    .split('\n')
    .filter(Boolean)
    .map((line) => [line.split(/\s+/).at(-1).replace(/^package\//, ''), line.slice(0, 10)]),
);
const files = new Set(modes.keys());

const problems = [];
const required = ['LICENSE', 'README.md', 'package.json', 'dist/cjs/package.json'];
for (const entry of ['dist/esm/index', 'dist/cjs/index']) {
  required.push(`${entry}.js`, `${entry}.d.ts`);
}
for (const file of required) if (!files.has(file)) problems.push(`missing ${file}`);

// Every bin: in the tarball, executable, starting with a node shebang (npx runs it directly).
const manifest = JSON.parse(read('package.json'));
for (const [name, path] of Object.entries(manifest.bin ?? {})) {
  const file = posix.normalize(path);
  if (!files.has(file)) {
    problems.push(`bin ${name}: ${file} is not in the tarball`);
    continue;
  }
  if (!/^-..x/.test(modes.get(file) ?? '')) problems.push(`bin ${name}: ${file} is not executable`);
  const head = read(file).split('\n', 1)[0];
  if (head !== '#!/usr/bin/env node') problems.push(`bin ${name}: ${file} lacks the node shebang`);
}

const maps = [...files].filter((f) => f.endsWith('.map'));
for (const map of maps) {
  const { sources } = JSON.parse(read(map));
  for (const source of sources) {
    const target = posix.normalize(posix.join(posix.dirname(map), source));
    if (!files.has(target)) problems.push(`${map}: source ${source} is not in the tarball`);
  }
}

if (problems.length > 0) {
  console.error(problems.slice(0, 20).join('\n'));
  if (problems.length > 20) console.error(`... and ${problems.length - 20} more`);
  process.exit(1);
}
console.log(`tarball ok: ${files.size} files, ${maps.length} source maps resolve, LICENSE included, bins executable`);
