import { choicesOf, fieldType, type Choice, type FieldSchema } from './field-schema.js';

/** What an answer to one field became: a value, or a reason to ask again. */
export type ParsedField = { ok: true; value: unknown } | { ok: false; reason: string };

const ok = (value: unknown): ParsedField => ({ ok: true, value });
const fail = (reason: string): ParsedField => ({ ok: false, reason });

const TRUE = new Set(['y', 'yes', 'true', '1']);
const FALSE = new Set(['n', 'no', 'false', '0']);

function pick(answer: string, choices: Choice[]): ParsedField {
  const index = Number(answer);
  if (Number.isInteger(index) && index >= 1 && index <= choices.length) {
    return ok(choices[index - 1]!.value);
  }
  const match = choices.find((c) => String(c.value) === answer || c.label === answer);
  if (match) return ok(match.value);
  return fail(`choose one of ${choices.map((c, i) => `${i + 1}) ${c.label}`).join(', ')}`);
}

function parseJson(answer: string, what: string): ParsedField {
  try {
    return ok(JSON.parse(answer));
  } catch {
    return fail(`not valid JSON (${what})`);
  }
}

function parseNumber(answer: string, schema: FieldSchema, integer: boolean): ParsedField {
  const value = Number(answer);
  if (answer.trim() === '' || !Number.isFinite(value)) return fail('not a number');
  if (integer && !Number.isInteger(value)) return fail('not an integer');
  if (schema.minimum !== undefined && value < schema.minimum) {
    return fail(`must be >= ${schema.minimum}`);
  }
  if (schema.maximum !== undefined && value > schema.maximum) {
    return fail(`must be <= ${schema.maximum}`);
  }
  return ok(value);
}

function checkLength(items: unknown[], schema: FieldSchema): ParsedField {
  if (schema.minItems !== undefined && items.length < schema.minItems) {
    return fail(`at least ${schema.minItems} item(s)`);
  }
  if (schema.maxItems !== undefined && items.length > schema.maxItems) {
    return fail(`at most ${schema.maxItems} item(s)`);
  }
  return ok(items);
}

function parseArray(answer: string, schema: FieldSchema): ParsedField {
  const choices = choicesOf(schema.items);
  if (!answer.trim().startsWith('[') && choices) {
    const picked: unknown[] = [];
    for (const part of answer.split(',').map((p) => p.trim())) {
      const one = pick(part, choices);
      if (!one.ok) return one;
      picked.push(one.value);
    }
    return checkLength(picked, schema);
  }
  const parsed = parseJson(answer, 'an array, e.g. ["a", "b"]');
  if (!parsed.ok) return parsed;
  return Array.isArray(parsed.value) ? checkLength(parsed.value, schema) : fail('not a JSON array');
}

/**
 * Turns a non-empty answer typed at the prompt into the value of a field of `schema`: strings as
 * typed, numbers and integers checked, booleans from y/n/true/false, enums by number or value,
 * arrays as JSON (or comma-separated choices), objects and untyped fields as JSON.
 */
export function parseField(answer: string, schema: FieldSchema): ParsedField {
  const type = fieldType(schema);
  const choices = type === 'array' ? undefined : choicesOf(schema);
  if (choices) return pick(answer, choices);
  switch (type) {
    case 'string':
      return ok(answer);
    case 'number':
      return parseNumber(answer, schema, false);
    case 'integer':
      return parseNumber(answer, schema, true);
    case 'boolean': {
      const word = answer.trim().toLowerCase();
      if (TRUE.has(word)) return ok(true);
      if (FALSE.has(word)) return ok(false);
      return fail('answer y or n');
    }
    case 'array':
      return parseArray(answer, schema);
    default:
      return parseJson(answer, type === 'object' ? 'an object, e.g. {"k": 1}' : 'any JSON value');
  }
}
