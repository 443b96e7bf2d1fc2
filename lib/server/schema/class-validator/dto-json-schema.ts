import { isStandardSchema } from '../standard-schema.js';
import type { JsonSchema } from '../json-schema.interface.js';
import type { ClassValidatorKit } from './load-class-validator.js';
import type { DtoClass } from './dto-class.js';
import { swaggerPropertyNames, withSwaggerProperty } from './swagger-property-schema.js';

export type { DtoClass };

/** The JSON Schema of a DTO: an object schema whose nested DTOs are `$defs` referenced by name. */
export interface DtoJsonSchema {
  readonly schema: JsonSchema & { type: 'object' };
  /** Nested DTO schemas by class name (`#/$defs/Name`), with the class each one was made of. */
  readonly defs: ReadonlyMap<string, { type: DtoClass; schema: JsonSchema }>;
}

const NOT_DTOS = new Set<unknown>([
  Object,
  Array,
  String,
  Number,
  Boolean,
  Function,
  Date,
  Promise,
]);

/** True when `value` is a class that can be a DTO (not a Standard Schema, not a built-in type). */
export function isDtoClass(value: unknown): value is DtoClass {
  return (
    typeof value === 'function' &&
    typeof value.prototype === 'object' &&
    !NOT_DTOS.has(value) &&
    !isStandardSchema(value)
  );
}

/**
 * Converts a DTO class to JSON Schema once, at bootstrap: class-validator's decorators give the
 * types and constraints (through `class-validator-jsonschema`; `@IsOptional` properties are not
 * required), `@ValidateNested` + `@Type(() => Child)` nested objects and arrays as `$defs`, and
 * `@nestjs/swagger`'s `@ApiProperty` adds descriptions, examples and enums.
 * @throws Error naming `owner` when the class has no decorated property or two nested DTOs share
 *   a class name.
 */
export function dtoJsonSchema(
  kit: ClassValidatorKit,
  root: DtoClass,
  owner: string,
): DtoJsonSchema {
  const found = new Map<string, DtoClass>();
  const defs = new Map<string, { type: DtoClass; schema: JsonSchema }>();
  const schemaOf = (type: DtoClass) => classSchema(kit, type, found, owner);
  const schema = schemaOf(root);
  if (Object.keys(schema.properties as object).length === 0) {
    throw new Error(
      `${owner}: the DTO ${root.name} has no class-validator or @ApiProperty decorated property, ` +
        'so its arguments cannot be described',
    );
  }
  for (const [name, type] of found) {
    // `found` grows while it is walked: nested DTOs of nested DTOs are converted in turn.
    if (!defs.has(name)) defs.set(name, { type, schema: schemaOf(type) });
  }
  if (defs.size > 0) {
    schema.$defs = Object.fromEntries([...defs].map(([name, def]) => [name, def.schema]));
  }
  return { schema, defs };
}

function classSchema(
  kit: ClassValidatorKit,
  type: DtoClass,
  found: Map<string, DtoClass>,
  owner: string,
): JsonSchema & { type: 'object' } {
  const converted = kit.converter.targetConstructorToSchema(type, {
    classTransformerMetadataStorage: kit.transformerStorage,
    refPointerPrefix: '#/$defs/',
    additionalConverters: {
      [kit.validator.ValidationTypes.NESTED_VALIDATION]: (meta) =>
        nestedSchema(kit, meta as unknown as NestedMeta, found, owner),
    },
  }) as JsonSchema;
  const properties: Record<string, JsonSchema> = {
    ...(converted.properties as Record<string, JsonSchema> | undefined),
  };
  for (const name of swaggerPropertyNames(type)) properties[name] ??= {};
  for (const [name, property] of Object.entries(properties)) {
    properties[name] = withSwaggerProperty(type, name, property);
  }
  const required = converted.required as string[] | undefined;
  return { ...converted, type: 'object', properties, ...(required?.length && { required }) };
}

interface NestedMeta {
  target: DtoClass;
  propertyName: string;
}

/** `@ValidateNested()`: a `$ref` to the child DTO (its `@Type`, else the reflected type). */
function nestedSchema(
  kit: ClassValidatorKit,
  meta: NestedMeta,
  found: Map<string, DtoClass>,
  owner: string,
): JsonSchema {
  const typeMeta = kit.transformerStorage?.findTypeMetadata(meta.target, meta.propertyName);
  const child = (typeMeta?.typeFunction() ??
    Reflect.getMetadata(
      'design:type',
      meta.target.prototype as object,
      meta.propertyName,
    )) as unknown;
  if (!isDtoClass(child)) return { type: 'object' };
  const known = found.get(child.name);
  if (known && known !== child) {
    throw new Error(
      `${owner}: two nested DTO classes are named ${child.name}; give them distinct names`,
    );
  }
  found.set(child.name, child);
  return { $ref: `#/$defs/${child.name}` };
}
