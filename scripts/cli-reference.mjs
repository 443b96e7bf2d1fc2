// `npm run docs:cli`: writes the CLI guide's reference section (docs/guide/cli.md, between its
// markers) from the built program's own definitions; test/unit/cli/cli-reference.spec.ts fails
// when the page is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const { renderCliReference, replaceCliReference } = await import(
  join(root, 'dist/lib/cli/cli-reference.js')
);
const guide = join(root, 'docs/guide/cli.md');
const page = readFileSync(guide, 'utf8');
const next = replaceCliReference(page, renderCliReference());
if (next !== page) writeFileSync(guide, next);
console.log(next === page ? 'docs/guide/cli.md is up to date' : 'docs/guide/cli.md written');
