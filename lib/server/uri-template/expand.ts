import { encodeValue } from './encoding.js';
import { OPERATORS, type OperatorSpec } from './operators.js';
import type { ExpressionPart, TemplatePart, VarSpec } from './parse.js';

/** A value accepted by {@link UriTemplate.expand}; `undefined` (or `null`) means "not defined". */
export type UriTemplateValue =
  string | number | boolean | string[] | Record<string, string> | undefined;

/** Variables passed to {@link UriTemplate.expand}. */
export type UriTemplateVariables = Record<string, UriTemplateValue>;

/**
 * Expands parsed template parts (RFC 6570 section 3, levels 1-4).
 * Literals are copied, pct-encoding any character that is not allowed in a URI.
 * @throws Error when a prefix modifier is applied to a list or map value.
 */
export function expandParts(
  template: string,
  parts: readonly TemplatePart[],
  vars: UriTemplateVariables,
): string {
  let out = '';
  for (const part of parts) {
    out +=
      part.kind === 'literal'
        ? encodeValue(part.text, true)
        : expandExpression(template, part, vars);
  }
  return out;
}

function expandExpression(
  template: string,
  expr: ExpressionPart,
  vars: UriTemplateVariables,
): string {
  const op = OPERATORS[expr.operator];
  const pieces: string[] = [];
  for (const spec of expr.vars) {
    const value = Object.hasOwn(vars, spec.name) ? vars[spec.name] : undefined;
    const piece = expandVar(template, spec, value, op);
    if (piece !== undefined) pieces.push(piece);
  }
  return pieces.length === 0 ? '' : op.first + pieces.join(op.sep);
}

function expandVar(
  template: string,
  spec: VarSpec,
  value: unknown,
  op: OperatorSpec,
): string | undefined {
  if (value === undefined || value === null) return undefined;
  const enc = (s: unknown): string => encodeValue(String(s), op.allowReserved);
  const named = (name: string, encoded: string): string =>
    encoded === '' ? name + op.ifemp : `${name}=${encoded}`;

  if (typeof value !== 'object') {
    let s = String(value);
    if (spec.prefix !== undefined) s = Array.from(s).slice(0, spec.prefix).join('');
    return op.named ? named(spec.name, enc(s)) : enc(s);
  }

  const pairs: [string, unknown][] = Array.isArray(value)
    ? value.map((item): [string, unknown] => ['', item])
    : Object.entries(value).filter(([, v]) => v !== undefined && v !== null);
  if (pairs.length === 0) return undefined;
  if (spec.prefix !== undefined) {
    throw new Error(
      `URI template ${JSON.stringify(template)}: prefix modifier ':${spec.prefix}' cannot be ` +
        `applied to list/map variable '${spec.name}'`,
    );
  }
  const isList = Array.isArray(value);

  if (!spec.explode) {
    const flat = isList
      ? pairs.map(([, v]) => enc(v))
      : pairs.flatMap(([k, v]) => [enc(k), enc(v)]);
    const joined = flat.join(',');
    return op.named ? named(spec.name, joined) : joined;
  }
  const items = pairs.map(([k, v]) => {
    if (isList) return op.named ? named(spec.name, enc(v)) : enc(v);
    return op.named ? named(enc(k), enc(v)) : `${enc(k)}=${enc(v)}`;
  });
  return items.join(op.sep);
}
