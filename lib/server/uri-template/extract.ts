import { decodeValue } from './encoding.js';
import type { CompiledMatcher, ExpressionPlan, UriTemplateMatch } from './matcher.js';
import type { VarSpec } from './parse.js';

/** One extracted variable; `prefixed` marks values cut by a `:n` modifier. */
type Extracted = [name: string, value: string | string[], prefixed: boolean];

/** Runs a compiled matcher; `null` when the URI does not fit the template. */
export function runMatcher(matcher: CompiledMatcher, uri: string): UriTemplateMatch | null {
  const found = matcher.regex.exec(uri);
  if (!found) return null;
  const extracted: Extracted[] = [];
  const queryBodies: string[] = [];
  const queryVars: VarSpec[] = [];
  matcher.plans.forEach((plan, i) => {
    const body = found[i + 1];
    if (plan.mode === 'query') queryVars.push(...plan.vars);
    if (body === undefined) return;
    if (plan.mode === 'query') queryBodies.push(body);
    else if (plan.mode === 'params') extracted.push(...fromParams(plan.vars, body, ';'));
    else extracted.push(...fromPositional(plan, body));
  });
  if (queryBodies.length > 0) {
    extracted.push(...fromParams(queryVars, queryBodies.join('&'), '&'));
  }
  return merge(extracted);
}

/** Distributes `sep`-separated pieces over the variables; an exploded var takes the surplus. */
function fromPositional(plan: ExpressionPlan, body: string): Extracted[] {
  const pieces = body.split(plan.sep);
  const out: Extracted[] = [];
  let p = 0;
  plan.vars.forEach((spec, v) => {
    if (p >= pieces.length) return;
    const after = plan.vars.length - v - 1;
    const prefixed = spec.prefix !== undefined;
    if (spec.explode) {
      const take = Math.max(1, pieces.length - p - after);
      out.push([spec.name, pieces.slice(p, p + take).map(decodeValue), false]);
      p += take;
    } else if (after === 0) {
      out.push([spec.name, decodeValue(pieces.slice(p).join(plan.sep)), prefixed]);
      p = pieces.length;
    } else {
      out.push([spec.name, decodeValue(pieces[p]), prefixed]);
      p++;
    }
  });
  return out;
}

/** Looks variables up by name in `name=value` pairs; unknown names are ignored. */
function fromParams(vars: readonly VarSpec[], body: string, sep: string): Extracted[] {
  const pairs = new Map<string, string[]>();
  for (const item of body.split(sep)) {
    if (item === '') continue;
    const eq = item.indexOf('=');
    const name = eq < 0 ? item : item.slice(0, eq);
    const value = decodeValue(eq < 0 ? '' : item.slice(eq + 1));
    pairs.set(name, [...(pairs.get(name) ?? []), value]);
  }
  const out: Extracted[] = [];
  for (const spec of vars) {
    const values = pairs.get(spec.name);
    if (!values) continue;
    out.push([spec.name, spec.explode ? values : values[0], spec.prefix !== undefined]);
  }
  return out;
}

/**
 * Builds the result; a variable bound twice must agree (a `:n` prefix binding only has to be a
 * prefix of the full one), otherwise the URI does not match.
 */
function merge(extracted: readonly Extracted[]): UriTemplateMatch | null {
  const values = new Map<string, string | string[]>();
  const fromPrefix = new Set<string>();
  for (const [name, value, prefixed] of extracted) {
    const prev = values.get(name);
    if (prev === undefined || (fromPrefix.has(name) && startsWith(value, prev))) {
      values.set(name, value);
      if (prefixed) fromPrefix.add(name);
      else fromPrefix.delete(name);
    } else if (!(prefixed && startsWith(prev, value)) && !sameValue(prev, value)) {
      return null;
    }
  }
  return Object.fromEntries(values);
}

const sameValue = (a: string | string[], b: string | string[]): boolean =>
  JSON.stringify(a) === JSON.stringify(b);
const startsWith = (full: string | string[], part: string | string[]): boolean =>
  typeof full === 'string' && typeof part === 'string' && full.startsWith(part);
