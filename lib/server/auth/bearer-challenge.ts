/**
 * The parameters of a `WWW-Authenticate: Bearer` challenge (RFC 6750 §3, RFC 9728 §5.1), or of a
 * `DPoP` one (RFC 9449 §7.1) for a request that presented its token with the DPoP scheme.
 */
export interface BearerChallenge {
  /** `DPoP` with the algorithms proofs may use (`algs`); default `Bearer`. */
  readonly dpop?: { readonly algorithms: readonly string[] };
  /** URL of the protected resource metadata document. */
  readonly resourceMetadata: string;
  /** Scopes the request needs (space-joined into `scope`). */
  readonly scopes?: readonly string[];
  /** `invalid_request`, `invalid_token` or `insufficient_scope`; none when no token was sent. */
  readonly error?:
    'invalid_request' | 'invalid_token' | 'insufficient_scope' | 'invalid_dpop_proof';
  /** Human-readable reason (`error_description`). */
  readonly description?: string;
}

/** A quoted-string value: `"` and `\` escaped, control characters dropped. */
function quoted(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  return `"${value.replace(/[\u0000-\u001f\u007f]/g, '').replace(/["\\]/g, '\\$&')}"`;
}

/**
 * The `WWW-Authenticate` value of a 401 or 403:
 * `Bearer resource_metadata="…", scope="…", error="…", error_description="…"`, or
 * `DPoP algs="…", resource_metadata="…", …`.
 */
export function bearerChallenge(challenge: BearerChallenge): string {
  const params = challenge.dpop ? [`algs=${quoted(challenge.dpop.algorithms.join(' '))}`] : [];
  params.push(`resource_metadata=${quoted(challenge.resourceMetadata)}`);
  if (challenge.scopes && challenge.scopes.length > 0) {
    params.push(`scope=${quoted(challenge.scopes.join(' '))}`);
  }
  if (challenge.error) params.push(`error=${quoted(challenge.error)}`);
  if (challenge.description) params.push(`error_description=${quoted(challenge.description)}`);
  return `${challenge.dpop ? 'DPoP' : 'Bearer'} ${params.join(', ')}`;
}
