import { type } from 'arktype';
import * as v from 'valibot';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { z as z3 } from 'zod/v3';
import { SchemaCompiler } from '../../../../lib/server/schema/schema-compiler.js';
import {
  compileStandardSchema,
  isStandardSchema,
  type StandardJsonSchema,
} from '../../../../lib/server/schema/standard-schema.js';

describe('Standard Schema adapter', () => {
  const compiler = new SchemaCompiler();

  it('lists an arktype schema with its own 2020-12 JSON Schema and validates through ~standard', () => {
    const compiled = compiler.compile(type({ city: 'string', 'days?': 'number' }), 'tool "a"');
    expect(compiled.jsonSchema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'number' } },
      required: ['city'],
    });
    expect(compiled.validate({ city: 'Oslo' })).toEqual({ ok: true, value: { city: 'Oslo' } });
    const bad = compiled.validate({ city: 3 });
    expect(bad).toMatchObject({ ok: false, issues: [{ path: 'city' }] });
  });

  it('maps valibot path segments ({ key }) to dotted paths', () => {
    const schema = toStandardJsonSchema(
      v.object({ user: v.object({ tags: v.array(v.string()) }) }),
    );
    const compiled = compiler.compile(schema, 'tool "v"');
    expect(compiled.jsonSchema).toMatchObject({ type: 'object', required: ['user'] });
    expect(compiled.validate({ user: { tags: ['a', 5] } })).toMatchObject({
      ok: false,
      issues: [{ path: 'user.tags.1' }],
    });
  });

  it('refuses a Standard Schema without JSON Schema support at compile time, naming the owner', () => {
    const plainValibot = v.object({ city: v.string() });
    expect(isStandardSchema(plainValibot)).toBe(true);
    expect(() => compiler.compile(plainValibot as never, 'Weather#forecast')).toThrow(
      /^Weather#forecast: the valibot schema is a Standard Schema without JSON Schema support.*toStandardJsonSchema/,
    );
    // zod 3 (the `zod/v3` export) implements ~standard.validate but not ~standard.jsonSchema.
    expect(() => compiler.compile(z3.object({ a: z3.string() }) as never, 'Weather#z3')).toThrow(
      /^Weather#z3: the zod schema is a Standard Schema without JSON Schema support/,
    );
  });

  it('names the owner when the converter throws', () => {
    const failing = fakeSchema(
      () => ({ value: {} }),
      () => {
        throw new Error('no way');
      },
    );
    expect(() => compileStandardSchema(failing, 'T#x')).toThrow(
      'T#x: cannot convert the fake schema to JSON Schema: no way',
    );
  });

  it('returns a Promise for an asynchronous validate, with the same result shape', async () => {
    const compiled = compileStandardSchema(
      fakeSchema(async (value) =>
        (value as { ok?: boolean }).ok ? { value } : { issues: [{ message: 'nope' }] },
      ),
      'T#async',
    );
    const good = compiled.validate({ ok: true });
    expect(good).toBeInstanceOf(Promise);
    await expect(good).resolves.toEqual({ ok: true, value: { ok: true } });
    await expect(compiled.validate({})).resolves.toEqual({
      ok: false,
      issues: [{ path: '', message: 'nope' }],
    });
  });

  it('does not take a raw JSON Schema or a zod shape for a Standard Schema', () => {
    expect(isStandardSchema({ type: 'object' })).toBe(false);
    expect(isStandardSchema(null)).toBe(false);
    expect(isStandardSchema({ '~standard': {} })).toBe(false);
  });
});

function fakeSchema(
  validate: StandardJsonSchema['~standard']['validate'],
  input: () => Record<string, unknown> = () => ({ type: 'object' }),
): StandardJsonSchema {
  return { '~standard': { version: 1, vendor: 'fake', validate, jsonSchema: { input } } };
}
