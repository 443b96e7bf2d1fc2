import { parseField } from '../../../../lib/cli/prompt/parse-field.js';

describe('parseField (an answer typed for one schema field)', () => {
  it('keeps strings as typed', () => {
    expect(parseField(' two words ', { type: 'string' })).toEqual({
      ok: true,
      value: ' two words ',
    });
  });

  it('checks numbers, integers and their bounds', () => {
    expect(parseField('3.5', { type: 'number' })).toEqual({ ok: true, value: 3.5 });
    expect(parseField('abc', { type: 'number' })).toEqual({ ok: false, reason: 'not a number' });
    expect(parseField('3.5', { type: 'integer' })).toEqual({ ok: false, reason: 'not an integer' });
    expect(parseField('0', { type: 'integer', minimum: 1 })).toEqual({
      ok: false,
      reason: 'must be >= 1',
    });
    expect(parseField('101', { type: 'number', maximum: 100 })).toMatchObject({ ok: false });
  });

  it('reads booleans from y/n/true/false', () => {
    expect(parseField('Y', { type: 'boolean' })).toEqual({ ok: true, value: true });
    expect(parseField('false', { type: 'boolean' })).toEqual({ ok: true, value: false });
    expect(parseField('maybe', { type: 'boolean' })).toEqual({
      ok: false,
      reason: 'answer y or n',
    });
  });

  it('picks enum values by number, value or title (enum, enumNames, oneOf const)', () => {
    const plain = { type: 'string', enum: ['red', 'green'] };
    expect(parseField('2', plain)).toEqual({ ok: true, value: 'green' });
    expect(parseField('red', plain)).toEqual({ ok: true, value: 'red' });
    expect(parseField('blue', plain)).toEqual({
      ok: false,
      reason: 'choose one of 1) red, 2) green',
    });
    const legacy = { type: 'string', enum: ['pet-1', 'pet-2'], enumNames: ['Cats', 'Dogs'] };
    expect(parseField('Dogs', legacy)).toEqual({ ok: true, value: 'pet-2' });
    const titled = { type: 'string', oneOf: [{ const: 'h1', title: 'Superman' }] };
    expect(parseField('1', titled)).toEqual({ ok: true, value: 'h1' });
  });

  it('reads arrays as JSON or as comma-separated choices, with minItems/maxItems', () => {
    expect(parseField('["a", 1]', { type: 'array' })).toEqual({ ok: true, value: ['a', 1] });
    expect(parseField('{"a": 1}', { type: 'array' })).toEqual({
      ok: false,
      reason: 'not a JSON array',
    });
    expect(parseField('[1', { type: 'array' })).toMatchObject({ ok: false });
    const multi = {
      type: 'array',
      maxItems: 2,
      items: {
        anyOf: [{ const: 'f1', title: 'Tuna' }, { const: 'f2', title: 'Salmon' }, { const: 'f3' }],
      },
    };
    expect(parseField('1, Salmon', multi)).toEqual({ ok: true, value: ['f1', 'f2'] });
    expect(parseField('1,2,3', multi)).toEqual({ ok: false, reason: 'at most 2 item(s)' });
    expect(parseField('1, Cod', multi)).toMatchObject({ ok: false });
  });

  it('reads objects and untyped fields as JSON', () => {
    expect(parseField('{"k": [1]}', { type: 'object' })).toEqual({ ok: true, value: { k: [1] } });
    expect(parseField('null', {})).toEqual({ ok: true, value: null });
    expect(parseField('{oops', { type: 'object' })).toMatchObject({ ok: false });
  });

  it('takes the first non-null type of a type list', () => {
    expect(parseField('4', { type: ['null', 'integer'] })).toEqual({ ok: true, value: 4 });
  });
});
