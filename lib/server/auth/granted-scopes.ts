/**
 * The scopes a token grants: its `scope` claim split on spaces (RFC 8693 §4.2, RFC 9068), or an
 * `scp` array or string (Azure AD, Okta).
 */
export function grantedScopes(claims: Readonly<Record<string, unknown>>): string[] {
  const raw = claims.scope ?? claims.scp;
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
