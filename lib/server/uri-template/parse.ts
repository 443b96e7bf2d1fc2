/**
 * RFC 6570 template parser: turns a template string into literal and expression parts.
 * Parsing happens once per {@link UriTemplate}; expansion and matching work on the parts.
 */

/** An RFC 6570 expression operator; `''` is simple string expansion (level 1). */
export type Operator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&';

/** One variable inside an expression, e.g. `path:6` or `list*`. */
export interface VarSpec {
  /** Variable name exactly as written in the template (may contain pct-encoded triplets). */
  readonly name: string;
  /** `true` for the explode modifier `*`. */
  readonly explode: boolean;
  /** Maximum length from the prefix modifier `:n` (1-9999), if any. */
  readonly prefix?: number;
}

/** Literal text between expressions. */
export interface LiteralPart {
  /** Discriminator. */
  readonly kind: 'literal';
  /** Literal text as written in the template. */
  readonly text: string;
}

/** A `{...}` expression. */
export interface ExpressionPart {
  /** Discriminator. */
  readonly kind: 'expression';
  /** Operator character, `''` when absent. */
  readonly operator: Operator;
  /** Variables in declaration order (at least one). */
  readonly vars: readonly VarSpec[];
}

/** A parsed template piece. */
export type TemplatePart = LiteralPart | ExpressionPart;

/** Thrown by the {@link UriTemplate} constructor when the template is malformed. */
export class UriTemplateSyntaxError extends Error {
  /**
   * @param template the offending template
   * @param position zero-based character offset of the problem
   * @param reason short description of what is wrong
   */
  constructor(
    readonly template: string,
    readonly position: number,
    reason: string,
  ) {
    super(`Invalid URI template ${JSON.stringify(template)} at position ${position}: ${reason}`);
    this.name = 'UriTemplateSyntaxError';
  }
}

const OPERATOR_CHARS = new Set(['+', '#', '.', '/', ';', '?', '&']);
/** Operators RFC 6570 section 2.2 reserves for future extensions. */
const RESERVED_OPERATOR_CHARS = new Set(['=', ',', '!', '@', '|']);
const VARCHAR = '(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})';
const VARNAME = new RegExp(`^${VARCHAR}(?:\\.?${VARCHAR})*$`);
const PREFIX = /^[1-9][0-9]{0,3}$/;

/**
 * Parses an RFC 6570 template.
 * @throws UriTemplateSyntaxError on an unclosed or stray brace, empty expression, reserved
 *   operator, invalid variable name or invalid prefix modifier.
 */
export function parseTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let literal = '';
  let i = 0;
  while (i < template.length) {
    const ch = template[i];
    if (ch === '}') throw new UriTemplateSyntaxError(template, i, "unmatched '}'");
    if (ch !== '{') {
      literal += ch;
      i++;
      continue;
    }
    const close = template.indexOf('}', i + 1);
    const nested = template.indexOf('{', i + 1);
    if (close < 0) throw new UriTemplateSyntaxError(template, i, "unclosed '{'");
    if (nested >= 0 && nested < close) {
      throw new UriTemplateSyntaxError(template, nested, "unexpected '{' inside expression");
    }
    if (literal) parts.push({ kind: 'literal', text: literal });
    literal = '';
    parts.push(parseExpression(template, i + 1, close));
    i = close + 1;
  }
  if (literal) parts.push({ kind: 'literal', text: literal });
  return parts;
}

function parseExpression(template: string, start: number, end: number): ExpressionPart {
  if (start === end) throw new UriTemplateSyntaxError(template, start - 1, 'empty expression');
  const first = template[start];
  let operator: Operator = '';
  let pos = start;
  if (OPERATOR_CHARS.has(first)) {
    operator = first as Operator;
    pos++;
  } else if (RESERVED_OPERATOR_CHARS.has(first)) {
    throw new UriTemplateSyntaxError(template, start, `unsupported operator '${first}'`);
  }
  const vars: VarSpec[] = [];
  for (const raw of template.slice(pos, end).split(',')) {
    vars.push(parseVarSpec(template, raw, pos));
    pos += raw.length + 1;
  }
  return { kind: 'expression', operator, vars };
}

function parseVarSpec(template: string, raw: string, at: number): VarSpec {
  let name = raw;
  let explode = false;
  let prefix: number | undefined;
  const colon = raw.indexOf(':');
  if (colon >= 0) {
    name = raw.slice(0, colon);
    const digits = raw.slice(colon + 1);
    if (!PREFIX.test(digits)) {
      const why = `invalid prefix modifier ':${digits}' (expected an integer 1-9999)`;
      throw new UriTemplateSyntaxError(template, at + colon, why);
    }
    prefix = Number(digits);
  } else if (raw.endsWith('*')) {
    name = raw.slice(0, -1);
    explode = true;
  }
  if (!VARNAME.test(name)) {
    const why = name ? `invalid variable name '${name}'` : 'missing variable name';
    throw new UriTemplateSyntaxError(template, at, why);
  }
  return prefix === undefined ? { name, explode } : { name, explode, prefix };
}
