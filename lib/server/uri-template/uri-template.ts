import { expandParts, type UriTemplateVariables } from './expand.js';
import {
  compileMatcher,
  literalPrefixOf,
  type CompiledMatcher,
  type UriTemplateMatch,
} from './matcher.js';
import { runMatcher } from './extract.js';
import { parseTemplate, type TemplatePart } from './parse.js';

const HAS_EXPRESSION = /\{[^{}]+\}/;

/**
 * An RFC 6570 URI template (levels 1-4) that can both expand variables into a URI and match a URI
 * to extract them, as used by MCP resource templates (`users://{id}/profile`).
 *
 * The template is parsed and its matcher compiled once, in the constructor.
 *
 * Matching rules (RFC 6570 defines expansion only; matching is best effort and documented here):
 * - pct-encoded values are decoded (`+` stays `+`);
 * - `{a}` needs at least one character and never spans `/`, `?` or `#` in the path (nor `&` or
 *   `#` in the query); `{+a}` needs at least one character and may contain reserved characters;
 * - `{#a}`, `{.a}`, `{/a}`, `{;a}` are optional: when their leading character is absent their
 *   variables are omitted;
 * - exploded variables (`{/segments*}`, `{?tag*}`, `{;p*}`, `{list*}`) yield `string[]`;
 *   non-exploded list values come back as one string (`red,green,blue`); exploded maps are not
 *   reconstructed;
 * - `{?a,b}` / `{&c}` parameters are optional, accepted in any order, and unknown query
 *   parameters are ignored; literal query text in the template (`?fixed=1{&x}`) must appear as
 *   written;
 * - when several variables share one expression (`{x,y}`) values are split on the operator's
 *   separator, so a value that itself contains an unencoded separator is ambiguous;
 * - a variable directly followed by `{?..}`, `{&..}` or `{#..}` cannot contain `?`, `&` or `#`.
 *
 * Cost: matching is linear in the URI length for the usual shapes (one spanning expression such
 * as `{+path}` or `{/seg*}`, variables separated by literals or operators). Templates with two
 * spanning expressions (`{+a}/{+b}`) or adjacent simple ones (`{a}{b}`) can backtrack
 * quadratically on crafted non-matching URIs, so servers should bound URI length.
 */
export class UriTemplate {
  /** The template string as given. */
  readonly template: string;
  /** Distinct variable names in order of first appearance. */
  readonly variableNames: string[];
  /**
   * Literal text every matching URI starts with: the text before the first expression (cut
   * before any character that may also appear pct-encoded). Used by {@link UriTemplateIndex}.
   */
  readonly literalPrefix: string;
  private readonly parts: readonly TemplatePart[];
  private readonly matcher: CompiledMatcher;

  /**
   * Parses and compiles `template`.
   * @throws UriTemplateSyntaxError (an `Error`) naming the template and position when malformed.
   */
  constructor(template: string) {
    this.template = template;
    this.parts = parseTemplate(template);
    const names = this.parts.flatMap((p) => (p.kind === 'expression' ? p.vars : []));
    this.variableNames = [...new Set(names.map((v) => v.name))];
    this.literalPrefix = literalPrefixOf(this.parts);
    this.matcher = compileMatcher(this.parts);
  }

  /** `true` when `s` contains at least one `{...}` expression (it may still be malformed). */
  static isTemplate(s: string): boolean {
    return HAS_EXPRESSION.test(s);
  }

  /**
   * Expands the template (RFC 6570 section 3). `undefined`/`null` values, empty lists and empty
   * maps are "undefined" and skipped; numbers and booleans are stringified.
   * @throws Error when a prefix modifier (`{x:3}`) is applied to a list or map value.
   */
  expand(vars: UriTemplateVariables): string {
    return expandParts(this.template, this.parts, vars);
  }

  /**
   * Matches a URI against the template and extracts decoded variables.
   * @returns the variables (absent optional ones omitted), or `null` when the URI does not fit.
   */
  match(uri: string): UriTemplateMatch | null {
    return runMatcher(this.matcher, uri);
  }

  /** Returns the template string. */
  toString(): string {
    return this.template;
  }
}
