import { promptObject } from '../../../../lib/cli/prompt/prompt-object.js';

/** Answers questions from a script and records what was asked and said. */
function scripted(answers: Array<string | undefined>) {
  const asked: string[] = [];
  const said: string[] = [];
  const ask = (q: string) => {
    asked.push(q);
    return Promise.resolve(answers.shift());
  };
  return { ask, say: (t: string) => void said.push(t), asked, said };
}

describe('promptObject (field by field from an object schema)', () => {
  const schema = {
    properties: {
      name: { type: 'string', description: 'Who' },
      age: { type: 'integer' },
      colour: { type: 'string', enum: ['red', 'green'], default: 'red' },
    },
    required: ['name', 'colour'],
  };

  it('asks each field in order, re-asks required and invalid ones, leaves empty optionals out', async () => {
    const io = scripted(['', 'Ada', 'old', '', '']);
    await expect(promptObject(schema, io.ask, io.say)).resolves.toEqual({ name: 'Ada' });
    expect(io.asked).toEqual([
      'name (string, required): ',
      'name (string, required): ',
      'age (integer): ',
      'age (integer): ',
      'colour (string, default "red"): ',
    ]);
    expect(io.said).toEqual([
      '  Who',
      '  a value is required',
      '  not a number',
      '  1) red  2) green',
    ]);
  });

  it('collects typed values', async () => {
    const io = scripted(['Ada', '36', '2']);
    await expect(promptObject(schema, io.ask, io.say)).resolves.toEqual({
      name: 'Ada',
      age: 36,
      colour: 'green',
    });
  });

  it('resolves undefined when the input ends midway', async () => {
    const io = scripted(['Ada', undefined]);
    await expect(promptObject(schema, io.ask, io.say)).resolves.toBeUndefined();
  });
});
