import { z } from 'zod';
import {
  formatIssues,
  syncValidation,
  type CompiledSchema,
  type JsonSchema,
} from '../../../../lib/server/schema/json-schema.interface.js';
import { SchemaCompiler, isZodSchema } from '../../../../lib/server/schema/schema-compiler.js';

describe('SchemaCompiler', () => {
  let compiler: SchemaCompiler;
  beforeEach(() => {
    compiler = new SchemaCompiler();
  });

  /** zod and raw JSON Schema validate synchronously; this narrows the result type for the specs. */
  function compile<T = unknown>(schema: Parameters<SchemaCompiler['compile']>[0], owner: string) {
    const compiled: CompiledSchema<T> = compiler.compile<T>(schema, owner);
    return {
      jsonSchema: compiled.jsonSchema as JsonSchema,
      validate: (value: unknown) => syncValidation(compiled.validate(value)),
    };
  }

  describe('zod schemas', () => {
    const schema = z.object({
      city: z.string().describe('City name'),
      days: z.number().int().min(1).default(3),
    });

    it('converts to a 2020-12 JSON Schema of the input side', () => {
      const { jsonSchema } = compile(schema, 'tool "weather"');
      expect(jsonSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(jsonSchema.type).toBe('object');
      expect(jsonSchema.properties).toMatchObject({
        city: { type: 'string', description: 'City name' },
        days: { type: 'integer', minimum: 1, default: 3 },
      });
      // io: 'input' — a defaulted field is not required from the caller
      expect(jsonSchema.required).toEqual(['city']);
    });

    it('validates and returns the parsed value (defaults applied)', () => {
      const compiled = compile<{ city: string; days: number }>(schema, 'x');
      expect(compiled.validate({ city: 'Oslo' })).toEqual({
        ok: true,
        value: { city: 'Oslo', days: 3 },
      });
    });

    it('reports issues with dotted paths', () => {
      const nested = z.object({ user: z.object({ tags: z.array(z.string()) }) });
      const result = compile(nested, 'x').validate({ user: { tags: ['a', 5] } });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.issues.map((i) => i.path)).toEqual(['user.tags.1']);
      expect(result.issues[0].message).toMatch(/string/i);
    });

    it('turns unrepresentable types into an open schema instead of failing', () => {
      const { jsonSchema } = compile(z.object({ when: z.date() }), 'x');
      expect(jsonSchema.properties).toEqual({ when: {} });
    });

    it('handles a recursive schema with a $ref', () => {
      const node: z.ZodType = z.lazy(() => z.object({ child: node.optional() }));
      const compiled = compile(node, 'x');
      expect(JSON.stringify(compiled.jsonSchema)).toContain('"$ref"');
      expect(compiled.validate({ child: { child: {} } }).ok).toBe(true);
    });

    it('names the owner when the schema cannot be converted', () => {
      const a = z.string().meta({ id: 'schema-compiler-spec-dup' });
      const b = z.number().meta({ id: 'schema-compiler-spec-dup' });
      expect(() => compile(z.object({ a, b }), 'WeatherTools#forecast')).toThrow(
        /^WeatherTools#forecast: cannot convert the zod schema to JSON Schema: /,
      );
    });
  });

  describe('zod shapes', () => {
    it('treats a record of zod schemas as z.object(shape)', () => {
      const compiled = compile({ a: z.string(), b: z.number().optional() }, 'x');
      expect(compiled.jsonSchema).toMatchObject({
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'number' } },
        required: ['a'],
      });
      expect(compiled.validate({ a: 'x' })).toEqual({ ok: true, value: { a: 'x' } });
      const bad = compiled.validate({ b: 'no' });
      expect(bad.ok).toBe(false);
      if (!bad.ok) expect(bad.issues.map((i) => i.path).sort()).toEqual(['a', 'b']);
    });
  });

  describe('raw JSON Schema', () => {
    const raw2020 = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: {
        address: { type: 'object', properties: { zip: { type: 'string' } }, required: ['zip'] },
      },
      properties: { home: { $ref: '#/$defs/address' }, n: { type: 'integer' } },
      required: ['home'],
      additionalProperties: false,
    };

    it('keeps the authored schema verbatim (same object, $defs and $ref intact)', () => {
      const snapshot = structuredClone(raw2020);
      const compiled = compile(raw2020, 'tool "addr"');
      expect(compiled.jsonSchema).toBe(raw2020);
      expect(compiled.jsonSchema).toEqual(snapshot);
      expect(raw2020).toEqual(snapshot); // not mutated by Ajv
    });

    it('validates through $ref into $defs and reports paths', () => {
      const compiled = compile(raw2020, 'x');
      expect(compiled.validate({ home: { zip: '0150' } })).toEqual({
        ok: true,
        value: { home: { zip: '0150' } },
      });
      const result = compiled.validate({ home: {}, n: 1.5, extra: true });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      const paths = result.issues.map((i) => i.path);
      expect(paths).toEqual(expect.arrayContaining(['home.zip', 'n', '']));
      expect(result.issues.find((i) => i.path === 'home.zip')!.message).toBe('is required');
    });

    it('reports a missing top-level property by name', () => {
      const result = compile(raw2020, 'x').validate({});
      expect(result).toEqual({ ok: false, issues: [{ path: 'home', message: 'is required' }] });
      if (!result.ok) expect(formatIssues(result.issues)).toBe('home: is required');
    });

    it('treats a schema without $schema as 2020-12 (prefixItems works)', () => {
      const compiled = compile(
        {
          type: 'object',
          properties: {
            pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] },
          },
        },
        'x',
      );
      expect(compiled.validate({ pair: ['a', 1] }).ok).toBe(true);
      expect(compiled.validate({ pair: [1, 'a'] }).ok).toBe(false);
    });

    it('accepts draft-07 declared via $schema (definitions + $ref)', () => {
      const draft07 = {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        definitions: { pos: { type: 'integer', minimum: 1 } },
        properties: { count: { $ref: '#/definitions/pos' } },
        required: ['count'],
      };
      const compiled = compile(draft07, 'x');
      expect(compiled.jsonSchema).toBe(draft07);
      expect(compiled.validate({ count: 2 }).ok).toBe(true);
      const result = compiled.validate({ count: 0 });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.issues[0].path).toBe('count');
    });

    it.each([
      'http://json-schema.org/draft-04/schema#',
      'https://json-schema.org/draft/2019-09/schema',
      'https://example.com/my-dialect',
    ])('refuses the unsupported dialect %s with an error naming the owner', (dialect) => {
      expect(() => compile({ $schema: dialect, type: 'object' }, 'WeatherTools#forecast')).toThrow(
        /^WeatherTools#forecast: .*unsupported JSON Schema dialect/,
      );
    });

    it('refuses an invalid schema with an error naming the owner', () => {
      expect(() => compile({ type: 'object', minProperties: 'x' }, 'tool "bad"')).toThrow(
        /^tool "bad": invalid JSON Schema/,
      );
    });

    it.each([
      ['2020-12 (no $schema)', {}],
      ['draft-07', { $schema: 'http://json-schema.org/draft-07/schema#' }],
    ])('validates format keywords (uri, email) under %s', (_dialect, declared) => {
      const properties = { site: { type: 'string', format: 'uri' }, mail: { format: 'email' } };
      const formats = compile({ ...declared, type: 'object', properties }, 'formats');
      expect(formats.validate({ site: 'https://a.example/x', mail: 'a@b.example' }).ok).toBe(true);
      const bad = formats.validate({ site: 'not a uri', mail: 'nope' });
      expect(bad.ok).toBe(false);
      if (!bad.ok) expect(bad.issues.map((issue) => issue.path).sort()).toEqual(['mail', 'site']);
    });

    it('compiles several schemas sharing one compiler', () => {
      const a = compile({ type: 'object', properties: { a: { type: 'string' } } }, 'a');
      const b = compile({ type: 'object', properties: { a: { type: 'number' } } }, 'b');
      expect(a.validate({ a: 's' }).ok).toBe(true);
      expect(b.validate({ a: 's' }).ok).toBe(false);
    });
  });
});

describe('isZodSchema', () => {
  it('recognises zod schemas only', () => {
    expect(isZodSchema(z.string())).toBe(true);
    expect(isZodSchema({ type: 'string' })).toBe(false);
    expect(isZodSchema(null)).toBe(false);
  });
});

describe('formatIssues', () => {
  it('joins issues, prefixing non-root paths', () => {
    expect(
      formatIssues([
        { path: '', message: 'must be object' },
        { path: 'a.b', message: 'too small' },
      ]),
    ).toBe('must be object; a.b: too small');
  });
});
