import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  CLI_REFERENCE_MARKERS,
  renderCliReference,
  replaceCliReference,
} from '../../../lib/cli/cli-reference.js';
import { ONE_SHOT_COMMANDS } from '../../../lib/cli/one-shot/one-shot-commands.js';
import { REPL_COMMANDS } from '../../../lib/cli/repl/repl-commands.js';

const guide = join(resolve(import.meta.dirname, '../../..'), 'docs/guide/cli.md');

describe('the CLI guide reference, rendered from the program', () => {
  const reference = renderCliReference();

  it('names every one-shot command with its arguments, and every REPL command and alias', () => {
    for (const command of ONE_SHOT_COMMANDS) {
      expect(reference).toContain(`\`nestjs-mcp ${command.name} [options] <target>`);
    }
    for (const command of REPL_COMMANDS) {
      for (const word of [command.name, ...(command.aliases ?? [])]) {
        expect(reference).toContain(`\`${word}`);
      }
    }
  });

  it('names every flag of every command', () => {
    for (const flag of [
      '-H, --header <header>',
      '--oauth',
      '--history-file <path>',
      '-v, --verbose',
    ]) {
      expect(reference).toContain(`\`${flag}\``);
    }
  });

  it('is what docs/guide/cli.md holds between its markers (npm run docs:cli writes it)', () => {
    const page = readFileSync(guide, 'utf8');
    expect(page).toContain(CLI_REFERENCE_MARKERS.start);
    expect(replaceCliReference(page, reference)).toBe(page);
  });
});
