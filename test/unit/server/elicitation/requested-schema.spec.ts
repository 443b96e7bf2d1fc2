import { z } from 'zod';
import { toRequestedSchema } from '../../../../lib/server/elicitation/requested-schema.js';
import { SchemaCompiler } from '../../../../lib/server/schema/schema-compiler.js';
import { ElicitRequestFormParamsSchema } from '../../../../lib/protocol/schema/index.js';

const compiler = new SchemaCompiler();
const wire = (schema: z.ZodType) =>
  toRequestedSchema(compiler.compile(schema, 'test').jsonSchema, 'ctx.elicit("Q")');

describe('toRequestedSchema (the elicitation subset of 2025-11-25)', () => {
  it('narrows a zod object to flat fields the spec allows, keeping bounds, formats and enums', () => {
    const requested = wire(
      z.object({
        name: z.string().min(2).max(40).describe('Your name'),
        email: z.email(),
        site: z.url().optional(),
        born: z.iso.date(),
        age: z.number().int().min(0).max(150),
        ratio: z.number().positive(),
        subscribe: z.boolean().default(false),
        plan: z.enum(['free', 'pro']),
        tags: z.array(z.enum(['a', 'b'])).max(2),
        code: z.string().regex(/^[A-Z]+$/),
        kind: z.literal('human'),
      }),
    );
    expect(requested).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', description: 'Your name', minLength: 2, maxLength: 40 },
        email: { type: 'string', format: 'email' },
        site: { type: 'string', format: 'uri' },
        born: { type: 'string', format: 'date' },
        age: { type: 'integer', minimum: 0, maximum: 150 },
        ratio: { type: 'number' },
        subscribe: { type: 'boolean', default: false },
        plan: { type: 'string', enum: ['free', 'pro'] },
        tags: { type: 'array', maxItems: 2, items: { type: 'string', enum: ['a', 'b'] } },
        code: { type: 'string' },
        kind: { type: 'string', enum: ['human'] },
      },
      required: ['name', 'email', 'born', 'age', 'ratio', 'plan', 'tags', 'code', 'kind'],
    });
    // What goes out is a valid form elicitation of the protocol schema.
    expect(
      ElicitRequestFormParamsSchema.safeParse({ message: 'Q', requestedSchema: requested }),
    ).toMatchObject({ success: true });
  });

  it('keeps titled single- and multi-select options of a raw schema', () => {
    const options = [
      { const: 'r', title: 'Red' },
      { const: 'g', title: 'Green' },
    ];
    const requested = toRequestedSchema(
      {
        type: 'object',
        properties: {
          color: { type: 'string', oneOf: options },
          colors: { type: 'array', items: { anyOf: options }, minItems: 1 },
        },
      },
      'q',
    );
    expect(requested.properties).toEqual({
      color: { type: 'string', oneOf: options },
      colors: { type: 'array', minItems: 1, items: { anyOf: options } },
    });
  });

  it.each([
    [
      'a nested object',
      z.object({ address: z.object({ city: z.string() }) }),
      /field "address" is of type "object"/,
    ],
    [
      'an array of objects',
      z.object({ items: z.array(z.object({ n: z.number() })) }),
      /field "items" is an array; each item is of type "object"/,
    ],
    [
      'an array of free strings',
      z.object({ notes: z.array(z.string()) }),
      /field "notes" is an array; each item is of type "string"/,
    ],
    [
      'a nullable field',
      z.object({ nick: z.string().nullable() }),
      /field "nick" has several types \(string, null\)/,
    ],
    [
      'a number enum',
      z.object({ n: z.union([z.literal(1), z.literal(2)]) }),
      /field "n" is a union/,
    ],
  ])('refuses %s, naming the call and the field', (_label, schema, message) => {
    expect(() => wire(schema)).toThrow(message);
    expect(() => wire(schema)).toThrow(/^ctx\.elicit\("Q"\): field/);
  });

  it('refuses a schema that is not an object of fields', () => {
    expect(() => wire(z.string())).toThrow(
      'ctx.elicit("Q"): an elicitation schema must be an object of fields',
    );
  });
});
