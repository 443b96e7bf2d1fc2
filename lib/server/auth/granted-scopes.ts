/**
 * The scopes a token grants: by default its `scope` claim split on spaces (RFC 8693 §4.2,
 * RFC 9068), or else an `scp` array or string (Entra ID, Okta). With `scopeClaims`, the union of
 * the listed claims, each an array or a space-separated string (for example `['scp', 'roles']`
 * for Entra ID, whose app-only tokens carry `roles` and no `scp`).
 */
export function grantedScopes(
  claims: Readonly<Record<string, unknown>>,
  scopeClaims?: readonly string[],
): string[] {
  if (scopeClaims === undefined) return scopeList(claims.scope ?? claims.scp);
  return unionOf(...scopeClaims.map((name) => scopeList(claims[name])));
}

/** A scope claim's value as a list: an array of strings, or a space-separated string. */
function scopeList(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(' ') : [];
  return list.filter((s): s is string => typeof s === 'string' && s.length > 0);
}

/** The scopes of `required` that `granted` lacks, in `required`'s order. */
export function missingScopes(granted: readonly string[], required: readonly string[]): string[] {
  const have = new Set(granted);
  return required.filter((scope) => !have.has(scope));
}

/** The audiences of a token (`aud` as a string or an array). */
export function audiencesOf(claims: Readonly<Record<string, unknown>>): string[] {
  const aud = claims.aud;
  if (typeof aud === 'string') return [aud];
  return Array.isArray(aud) ? aud.filter((a): a is string => typeof a === 'string') : [];
}

/** Distinct values, first occurrence kept. */
export function unionOf(...lists: ReadonlyArray<readonly string[]>): string[] {
  return [...new Set(lists.flat())];
}
