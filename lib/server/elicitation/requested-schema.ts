import type { ElicitRequestFormParams } from '../../protocol/schema/index.js';
import type { JsonSchema } from '../schema/json-schema.interface.js';

/** The `requestedSchema` of a form elicitation: a flat object of primitive fields. */
export type RequestedSchema = ElicitRequestFormParams['requestedSchema'];

/** String formats the elicitation subset names (2025-06-18 on); others are dropped from the wire. */
const FORMATS = new Set(['email', 'uri', 'date', 'date-time']);

/** Keywords each field type keeps on the wire (besides `type`, `title`, `description`). */
const KEPT: Readonly<Record<string, readonly string[]>> = {
  string: ['minLength', 'maxLength', 'default'],
  number: ['minimum', 'maximum', 'default'],
  integer: ['minimum', 'maximum', 'default'],
  boolean: ['default'],
  array: ['minItems', 'maxItems', 'default'],
};

/**
 * The JSON Schema of an elicitation's answer narrowed to what the specification lets a form ask
 * (2025-11-25 `requestedSchema`: an object of string (length bounds, `format` email / uri / date /
 * date-time), number / integer (bounds), boolean and enum fields: `enum`, titled `oneOf`, and a
 * multi-select array of either). Keywords outside the subset (a `pattern`, `exclusiveMinimum`,
 * another `format`) are left off the wire: the answer is still validated against the full schema.
 * @throws Error naming `owner` and the field when a field cannot be asked (a nested object, an
 *   array of anything but enum strings, a union, a `$ref`).
 */
export function toRequestedSchema(schema: JsonSchema, owner: string): RequestedSchema {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (schema.type !== 'object' || typeof properties !== 'object' || properties === null) {
    throw new Error(`${owner}: an elicitation schema must be an object of fields`);
  }
  const fields: Record<string, JsonSchema> = {};
  for (const [name, property] of Object.entries(properties)) {
    fields[name] = toField(property, `${owner}: field "${name}"`);
  }
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  return {
    type: 'object',
    properties: fields as RequestedSchema['properties'],
    ...(required.length > 0 && { required }),
  };
}

function toField(property: JsonSchema, field: string): JsonSchema {
  const type = property.const !== undefined ? 'string' : property.type;
  const kept = typeof type === 'string' ? KEPT[type] : undefined;
  if (!kept) throw new Error(`${field} ${describe(property)}; ${FLAT}`);
  const out: JsonSchema = { type };
  for (const key of ['title', 'description', ...kept]) {
    if (property[key] !== undefined) out[key] = property[key];
  }
  if (type === 'string') stringField(property, out, field);
  if (type === 'array') out.items = enumItems(property.items as JsonSchema | undefined, field);
  return out;
}

const FLAT = 'elicitation asks for flat string, number, integer, boolean and enum fields only';

/** A string field: its format when the subset has it, its options when it is an enum. */
function stringField(property: JsonSchema, out: JsonSchema, field: string): void {
  if (typeof property.format === 'string' && FORMATS.has(property.format)) {
    out.format = property.format;
  }
  if (property.const !== undefined) out.enum = [property.const];
  else if (property.enum !== undefined) out.enum = stringOptions(property.enum, field);
  else if (property.oneOf !== undefined) out.oneOf = titledOptions(property.oneOf, field);
}

/** The items of a multi-select: enum strings, or titled options (`anyOf` of `{ const, title }`). */
function enumItems(items: JsonSchema | undefined, field: string): JsonSchema {
  if (items?.type === 'string' && items.enum !== undefined) {
    return { type: 'string', enum: stringOptions(items.enum, field) };
  }
  if (items?.anyOf !== undefined) return { anyOf: titledOptions(items.anyOf, field) };
  throw new Error(`${field} is an array; each item ${describe(items ?? {})}; ${FLAT}`);
}

function stringOptions(options: unknown, field: string): string[] {
  if (Array.isArray(options) && options.every((o) => typeof o === 'string')) return options;
  throw new Error(`${field} has enum values that are not all strings; ${FLAT}`);
}

function titledOptions(options: unknown, field: string): JsonSchema[] {
  const ok =
    Array.isArray(options) &&
    options.every((o: JsonSchema) => typeof o?.const === 'string' && typeof o.title === 'string');
  if (ok)
    return (options as JsonSchema[]).map(({ const: value, title }) => ({ const: value, title }));
  throw new Error(
    `${field} has options that are not all { const: string, title: string }; ${FLAT}`,
  );
}

/** What a field's schema is, for the error: `is an object`, `is a union (anyOf)`, ... */
function describe(property: JsonSchema): string {
  if (property.$ref !== undefined)
    return `is a reference to ${String(property.$ref)} (a nested object)`;
  if (property.anyOf !== undefined || property.oneOf !== undefined)
    return 'is a union (anyOf/oneOf)';
  if (Array.isArray(property.type)) return `has several types (${property.type.join(', ')})`;
  if (property.type === undefined) return 'has no type';
  return `is of type ${JSON.stringify(property.type)}`;
}
