import { choicesOf, fieldType, type FieldSchema, type ObjectSchema } from './field-schema.js';
import { parseField } from './parse-field.js';

/** Asks one question and resolves the answer, `undefined` when the input ended. */
export type Ask = (question: string) => Promise<string | undefined>;

/** Where hints and retry reasons are written. */
export type Say = (text: string) => void;

function describeField(name: string, schema: FieldSchema, required: boolean): string {
  const type = fieldType(schema);
  const parts = [type === 'array' || type === 'object' ? `${type} as JSON` : (type ?? 'JSON')];
  if (schema.format) parts.push(schema.format);
  if (required) parts.push('required');
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return `${name} (${parts.join(', ')})`;
}

function hintOf(schema: FieldSchema): string | undefined {
  const lines: string[] = [];
  const about = [schema.title, schema.description].filter(Boolean).join(': ');
  if (about) lines.push(`  ${about}`);
  const isArray = fieldType(schema) === 'array';
  const choices = choicesOf(isArray ? schema.items : schema);
  if (choices) {
    const listed = choices.map((c, i) => `${i + 1}) ${c.label}`).join('  ');
    lines.push(`  ${isArray ? 'one or more, comma-separated: ' : ''}${listed}`);
  }
  return lines.length > 0 ? lines.join('\n') : undefined;
}

/**
 * Prompts for every property of an object schema, one field at a time, in schema order. An empty
 * answer leaves an optional field (or one with a default) out; a required one is asked again, as
 * is an answer that does not fit the field. Resolves the object, or `undefined` when the input
 * ended before it was complete.
 */
export async function promptObject(
  schema: ObjectSchema,
  ask: Ask,
  say: Say,
): Promise<Record<string, unknown> | undefined> {
  const required = new Set(schema.required ?? []);
  const result: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const isRequired = required.has(name) && field.default === undefined;
    const hint = hintOf(field);
    if (hint) say(hint);
    for (;;) {
      const answer = await ask(`${describeField(name, field, isRequired)}: `);
      if (answer === undefined) return undefined;
      if (answer === '') {
        if (!isRequired) break;
        say('  a value is required');
        continue;
      }
      const parsed = parseField(answer, field);
      if (parsed.ok) {
        result[name] = parsed.value;
        break;
      }
      say(`  ${parsed.reason}`);
    }
  }
  return result;
}
