/** The parts of a JSON Schema property the CLI prompts with (tool input or elicitation form). */
export interface FieldSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  enumNames?: string[];
  oneOf?: Array<{ const?: unknown; title?: string }>;
  anyOf?: Array<{ const?: unknown; title?: string }>;
  items?: FieldSchema;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** An object schema: its properties and which are required. */
export interface ObjectSchema {
  properties?: Record<string, FieldSchema>;
  required?: string[];
}

/** One choice of an enum field: the value sent and the label shown. */
export interface Choice {
  value: unknown;
  label: string;
}

/** The field's type, ignoring `null` in a type list; `undefined` when the schema does not say. */
export function fieldType(schema: FieldSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  if (schema.enum || constChoices(schema)) return 'string';
  return undefined;
}

function constChoices(schema: FieldSchema): Choice[] | undefined {
  const options = schema.oneOf ?? schema.anyOf;
  if (!options || options.length === 0 || !options.every((o) => o && 'const' in o)) {
    return undefined;
  }
  return options.map((o) => ({ value: o.const, label: o.title ?? String(o.const) }));
}

/**
 * The choices of an enum field (`enum`, with legacy `enumNames` titles, or `oneOf`/`anyOf` of
 * `const`), or undefined when it is not one.
 */
export function choicesOf(schema: FieldSchema | undefined): Choice[] | undefined {
  if (!schema) return undefined;
  if (schema.enum) {
    return schema.enum.map((value, i) => ({
      value,
      label: schema.enumNames?.[i] ?? String(value),
    }));
  }
  return constChoices(schema);
}
