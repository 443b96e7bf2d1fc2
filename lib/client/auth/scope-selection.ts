/**
 * The scopes of a first authorization (MCP scope selection strategy): those of the
 * `WWW-Authenticate` challenge, else the Protected Resource Metadata's `scopes_supported`, else
 * none (the `scope` parameter is omitted). `offline_access` is added when the authorization
 * server lists it in its `scopes_supported` and the client wants refresh tokens (SEP-2207);
 * never otherwise.
 */
export function selectScopes(input: {
  challenged?: readonly string[] | undefined;
  resourceScopes?: readonly string[] | undefined;
  serverScopes?: readonly string[] | undefined;
  offlineAccess: boolean;
}): string[] {
  const base = input.challenged?.length
    ? [...input.challenged]
    : input.resourceScopes?.length
      ? [...input.resourceScopes]
      : [];
  if (input.offlineAccess && input.serverScopes?.includes('offline_access')) {
    base.push('offline_access');
  }
  return unionScopes(base);
}

/** Scopes without duplicates, in first-seen order (the step-up union, SEP-2350). */
export function unionScopes(...lists: ReadonlyArray<readonly string[] | undefined>): string[] {
  return [...new Set(lists.flatMap((list) => list ?? []))];
}

/** The `scope` parameter of a list: undefined (omitted) when it is empty. */
export function scopeParam(scopes: readonly string[]): string | undefined {
  return scopes.length > 0 ? scopes.join(' ') : undefined;
}
