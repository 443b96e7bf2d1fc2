import { CliError, EXIT, parseJsonObject } from '../../../lib/cli/cli-error.js';

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
});
