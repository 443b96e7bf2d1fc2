import type { JsonSchema } from '../json-schema.interface.js';

/** Metadata keys `@nestjs/swagger` writes (read as plain metadata: the package is never loaded). */
const PROPERTIES_ARRAY = 'swagger/apiModelPropertiesArray';
const PROPERTY = 'swagger/apiModelProperties';

/** `@ApiProperty` options copied into a property's schema as they are. */
const COPIED = [
  'description',
  'title',
  'default',
  'deprecated',
  'format',
  'enum',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
] as const;

const PRIMITIVES = new Map<unknown, string>([
  [String, 'string'],
  [Number, 'number'],
  [Boolean, 'boolean'],
  ['string', 'string'],
  ['number', 'number'],
  ['integer', 'integer'],
  ['boolean', 'boolean'],
]);

/** The properties a class declares with `@ApiProperty` (its own and inherited), in order. */
export function swaggerPropertyNames(type: abstract new (...args: never[]) => unknown): string[] {
  const keys = (Reflect.getMetadata(PROPERTIES_ARRAY, type.prototype as object) ?? []) as string[];
  return keys.map((key) => key.replace(/^:/, ''));
}

/**
 * The JSON Schema facts `@ApiProperty` gives a property (description, example, enum, bounds,
 * format, default ...), laid over `base`, the schema class-validator's decorators give it: the
 * validation metadata keeps its type and constraints, swagger adds what it describes. The example
 * becomes `examples: [example]` (JSON Schema 2020-12).
 */
export function withSwaggerProperty(
  type: abstract new (...args: never[]) => unknown,
  property: string,
  base: JsonSchema,
): JsonSchema {
  const options = Reflect.getMetadata(PROPERTY, type.prototype as object, property) as
    Record<string, unknown> | undefined;
  if (!options) return base;
  const schema: JsonSchema = { ...base };
  for (const key of COPIED) {
    if (options[key] !== undefined && schema[key] === undefined) schema[key] = options[key];
  }
  if (options.example !== undefined && schema.examples === undefined) {
    schema.examples = [options.example];
  }
  if (schema.type === undefined && schema.$ref === undefined) {
    const primitive = PRIMITIVES.get(options.type);
    if (options.isArray === true || options.type === 'array') {
      schema.type = 'array';
      if (options.items !== undefined) schema.items = options.items;
      else if (primitive) schema.items = { type: primitive };
    } else if (primitive) schema.type = primitive;
  }
  return schema;
}
