import {
  BooleanSchemaSchema,
  ElicitationCompleteNotificationParamsSchema,
  ElicitRequestFormParamsSchema,
  ElicitRequestParamsSchema,
  ElicitResultSchema,
  EnumSchemaSchema,
  LegacyTitledEnumSchemaSchema,
  NumberSchemaSchema,
  PrimitiveSchemaDefinitionSchema,
  StringSchemaSchema,
  TitledMultiSelectEnumSchemaSchema,
  TitledSingleSelectEnumSchemaSchema,
  UntitledMultiSelectEnumSchemaSchema,
  UntitledSingleSelectEnumSchemaSchema,
} from '../../../../lib/protocol/schema/index.js';
import { issuePaths } from './helpers.js';

const colors = ['#FF0000', '#00FF00'];
const titled = [
  { const: '#FF0000', title: 'Red' },
  { const: '#00FF00', title: 'Green' },
];

describe('primitive schema definitions (SEP-1330 enum forms)', () => {
  const cases = [
    [StringSchemaSchema, { type: 'string', format: 'email', minLength: 3, default: 'a@b.c' }],
    [NumberSchemaSchema, { type: 'integer', minimum: 18, maximum: 99, default: 30 }],
    [BooleanSchemaSchema, { type: 'boolean', title: 'Subscribe', default: false }],
    [UntitledSingleSelectEnumSchemaSchema, { type: 'string', enum: colors, default: '#FF0000' }],
    [TitledSingleSelectEnumSchemaSchema, { type: 'string', oneOf: titled }],
    [
      UntitledMultiSelectEnumSchemaSchema,
      { type: 'array', minItems: 1, items: { type: 'string', enum: colors }, default: colors },
    ],
    [TitledMultiSelectEnumSchemaSchema, { type: 'array', maxItems: 2, items: { anyOf: titled } }],
    [LegacyTitledEnumSchemaSchema, { type: 'string', enum: colors, enumNames: ['Red', 'Green'] }],
  ] as const;

  it.each(cases)(
    'each form parses on its own schema and as a primitive definition',
    (schema, v) => {
      expect(schema.parse(v)).toEqual(v);
      expect(PrimitiveSchemaDefinitionSchema.parse(v)).toEqual(v);
    },
  );

  it('every enum form is an EnumSchema', () => {
    for (const [, v] of cases.slice(3)) expect(EnumSchemaSchema.safeParse(v).success).toBe(true);
  });

  it('rejects an unknown string format', () => {
    expect(issuePaths(StringSchemaSchema, { type: 'string', format: 'phone' })).toEqual(['format']);
  });
});

describe('elicitation/create', () => {
  const form = {
    mode: 'form',
    message: 'Please provide your contact information',
    requestedSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'Your full name' },
        email: { type: 'string', format: 'email' },
        age: { type: 'number', minimum: 18 },
      },
      required: ['name', 'email'],
    },
  };

  it('parses form mode with and without the explicit mode', () => {
    expect(ElicitRequestParamsSchema.parse(form)).toEqual(form);
    const { mode: _mode, ...implicit } = form;
    expect(ElicitRequestParamsSchema.parse(implicit)).toEqual(implicit);
  });

  it('rejects nested object properties with the property path', () => {
    const nested = {
      ...form,
      requestedSchema: { type: 'object', properties: { address: { type: 'object' } } },
    };
    expect(issuePaths(ElicitRequestFormParamsSchema, nested)).toEqual([
      'requestedSchema.properties.address',
    ]);
  });

  it('parses URL mode (2025-11-25) and requires its elicitationId', () => {
    const url = {
      mode: 'url',
      message: 'Please provide your API key to continue.',
      url: 'https://mcp.example.com/ui/set_api_key',
      elicitationId: '550e8400-e29b-41d4-a716-446655440000',
    };
    expect(ElicitRequestParamsSchema.parse(url)).toEqual(url);
    const { elicitationId: _id, ...noId } = url;
    expect(issuePaths(ElicitRequestParamsSchema, noId)).toEqual(['elicitationId']);
  });

  it('rejects an unknown mode at the mode path', () => {
    expect(issuePaths(ElicitRequestParamsSchema, { ...form, mode: 'voice' })).toEqual(['mode']);
  });

  it('parses accept/decline/cancel results', () => {
    const accept = {
      action: 'accept',
      content: { name: 'octocat', age: 30, tags: ['a'], ok: true },
    };
    expect(ElicitResultSchema.parse(accept)).toEqual(accept);
    expect(ElicitResultSchema.parse({ action: 'decline' })).toEqual({ action: 'decline' });
    expect(issuePaths(ElicitResultSchema, { action: 'accept', content: { a: { b: 1 } } })).toEqual([
      'content.a',
    ]);
    expect(issuePaths(ElicitResultSchema, { action: 'ignore' })).toEqual(['action']);
  });

  it('parses the elicitation/complete notification params', () => {
    const params = { elicitationId: '550e8400' };
    expect(ElicitationCompleteNotificationParamsSchema.parse(params)).toEqual(params);
  });
});
