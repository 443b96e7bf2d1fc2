import { encodeValue } from './encoding.js';
import { OPERATORS } from './operators.js';
import type { ExpressionPart, TemplatePart, VarSpec } from './parse.js';

/** Variables extracted by {@link UriTemplate.match}. */
export type UriTemplateMatch = Record<string, string | string[]>;

/** How a captured expression body is turned back into variables. */
export interface ExpressionPlan {
  /** `positional`: split on `sep`; `params`: `;name=value`; `query`: `name=value` pool. */
  readonly mode: 'positional' | 'params' | 'query';
  /** Separator between pieces of the captured body. */
  readonly sep: string;
  /** Variables of the expression. */
  readonly vars: readonly VarSpec[];
}

/** A template compiled for matching: one anchored RegExp, one capture group per expression. */
export interface CompiledMatcher {
  /** Anchored pattern; capture group `i + 1` holds the body of expression `i`. */
  readonly regex: RegExp;
  /** One plan per expression, in template order. */
  readonly plans: readonly ExpressionPlan[];
}

type Position = 'path' | 'query' | 'fragment';
/** Characters a simple `{var}` may not contain, by where it sits in the URI. */
const STOP_CHARS: Record<Position, string> = { path: '/?#', query: '&#', fragment: '' };
const HEX2 = /^[0-9A-Fa-f]{2}$/;

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const charClass = (stop: string): string => (stop ? `[^${escapeRegex(stop)}]` : '[\\s\\S]');

/**
 * Compiles parsed parts into an anchored RegExp. Value captures are lazy so that later parts of
 * the template (a `{.ext}`, an optional `{?query}`) get priority over an earlier variable; query
 * bodies are atomic. A variable directly followed by `{?..}`, `{&..}` or `{#..}` (or, for
 * same-class variables, `{.ext}` / `{;p}`) cannot contain that operator's leading character,
 * which keeps backtracking linear for the usual shapes.
 */
export function compileMatcher(parts: readonly TemplatePart[]): CompiledMatcher {
  let source = '^';
  let position: Position = 'path';
  const plans: ExpressionPlan[] = [];
  parts.forEach((part, i) => {
    if (part.kind === 'literal') {
      source += literalPattern(part.text);
      if (part.text.includes('#')) position = 'fragment';
      else if (part.text.includes('?') && position === 'path') position = 'query';
      return;
    }
    plans.push(planFor(part));
    source += expressionPattern(part, position, stopBefore(part, parts[i + 1]), plans.length);
    if (part.operator === '#') position = 'fragment';
    else if ((part.operator === '?' || part.operator === '&') && position === 'path') {
      position = 'query';
    }
  });
  return { regex: new RegExp(`${source}$`), plans };
}

/** Extra character `expr` may not contain because the next expression starts with it. */
function stopBefore(expr: ExpressionPart, next: TemplatePart | undefined): string {
  if (next?.kind !== 'expression' || expr.operator === '?' || expr.operator === '&') return '';
  const lead = OPERATORS[next.operator].first;
  if (lead === '?' || lead === '&' || lead === '#') return lead;
  if (lead !== '.' && lead !== ';') return '';
  const single = expr.vars.length === 1 && !expr.vars[0].explode;
  const sameClass =
    expr.operator === '' ||
    expr.operator === ';' ||
    (single && (expr.operator === '.' || expr.operator === '/'));
  return sameClass && OPERATORS[expr.operator].sep !== lead ? lead : '';
}

/**
 * Leading literal text of the template, up to the first expression or the first character that
 * a URI could carry in pct-encoded form instead (so every matching URI starts with it).
 */
export function literalPrefixOf(parts: readonly TemplatePart[]): string {
  const first = parts[0];
  if (first?.kind !== 'literal') return '';
  let prefix = '';
  for (const token of literalTokens(first.text)) {
    if (token.encoded !== token.raw) break;
    prefix += token.raw;
  }
  return prefix;
}

/** Splits literal text into pct-encoded triplets and single characters with their encoded form. */
function* literalTokens(text: string): Generator<{ raw: string; encoded: string }> {
  let i = 0;
  while (i < text.length) {
    if (text[i] === '%' && HEX2.test(text.slice(i + 1, i + 3))) {
      const triplet = text.slice(i, i + 3);
      i += 3;
      yield { raw: triplet, encoded: triplet };
      continue;
    }
    const ch = String.fromCodePoint(text.codePointAt(i) as number);
    i += ch.length;
    yield { raw: ch, encoded: encodeValue(ch, true) };
  }
}

function literalPattern(text: string): string {
  let out = '';
  for (const { raw, encoded } of literalTokens(text)) {
    out += raw === encoded ? escapeRegex(raw) : `(?:${escapeRegex(raw)}|${escapeRegex(encoded)})`;
  }
  return out;
}

function expressionPattern(
  expr: ExpressionPart,
  position: Position,
  extraStop: string,
  group: number,
): string {
  const stop = STOP_CHARS[position] + extraStop;
  const any = charClass(extraStop);
  switch (expr.operator) {
    case '':
      return `(${charClass(stop)}+?)`;
    case '+':
      return `(${any}+?)`;
    case '#':
      return `(?:#(${any}*?))?`;
    case '.':
      return `(?:\\.(${charClass(stop)}*?))?`;
    case '/': {
      const single = expr.vars.length === 1 && !expr.vars[0].explode;
      return `(?:\\/(${charClass(single ? stop : stop.replace('/', ''))}*?))?`;
    }
    case ';':
      return `(?:;(${charClass(stop)}*?))?`;
    case '?':
    case '&':
      // (?=(x*))\\N emulates an atomic group: the rest of the query is taken without backtracking
      return `(?:\\${expr.operator}(?=([^#]*))\\${group})?`;
  }
}

function planFor(expr: ExpressionPart): ExpressionPlan {
  const { sep } = OPERATORS[expr.operator];
  if (expr.operator === ';') return { mode: 'params', sep, vars: expr.vars };
  if (expr.operator === '?' || expr.operator === '&') {
    return { mode: 'query', sep: '&', vars: expr.vars };
  }
  return { mode: 'positional', sep, vars: expr.vars };
}
