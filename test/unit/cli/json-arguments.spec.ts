import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliError, EXIT } from '../../../lib/cli/cli-error.js';
import { parseJsonObject } from '../../../lib/cli/json-arguments.js';

describe('parseJsonObject (JSON arguments on the command line)', () => {
  it('reads an object; nothing means {}', () => {
    expect(parseJsonObject('{"a": [1]}', 'arguments')).toEqual({ a: [1] });
    expect(parseJsonObject('  ', 'arguments')).toEqual({});
    expect(parseJsonObject(undefined, 'arguments')).toEqual({});
  });

  it.each([
    ['{"a": ', /^malformed JSON arguments: .+ in \{"a":$/],
    ['[1]', /^arguments must be a JSON object, got \[1\]$/],
    ['null', /^arguments must be a JSON object, got null$/],
    ['"text"', /must be a JSON object/],
  ])('refuses %s as a usage error', (text, message) => {
    let thrown: unknown;
    try {
      parseJsonObject(text, 'arguments');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CliError);
    expect((thrown as CliError).exitCode).toBe(EXIT.usage);
    expect((thrown as CliError).message).toMatch(message);
  });

  it('reads @path as the JSON object in that file, naming the file when it is wrong', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-args-'));
    const good = join(dir, 'args.json');
    writeFileSync(good, '{\n  "a": {"b": [1, 2]}\n}\n');
    expect(parseJsonObject(`@${good}`, 'arguments')).toEqual({ a: { b: [1, 2] } });
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '[1]');
    expect(() => parseJsonObject(`@${bad}`, 'arguments')).toThrow(
      `arguments in ${bad} must be a JSON object`,
    );
    expect(() => parseJsonObject(`@${join(dir, 'none.json')}`, 'arguments')).toThrow(
      /^cannot read arguments from .+none\.json: ENOENT$/,
    );
  });
});
