/** The parameters of a `WWW-Authenticate: Bearer` challenge (RFC 6750 §3, RFC 9728 §5.1). */
export interface BearerChallenge {
  /** URL of the protected resource metadata document. */
  readonly resourceMetadata: string;
  /** Scopes the request needs (space-joined into `scope`). */
  readonly scopes?: readonly string[];
  /** `invalid_request`, `invalid_token` or `insufficient_scope`; none when no token was sent. */
  readonly error?: 'invalid_request' | 'invalid_token' | 'insufficient_scope';
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
 * `Bearer resource_metadata="…", scope="…", error="…", error_description="…"`.
 */
export function bearerChallenge(challenge: BearerChallenge): string {
  const params = [`resource_metadata=${quoted(challenge.resourceMetadata)}`];
  if (challenge.scopes && challenge.scopes.length > 0) {
    params.push(`scope=${quoted(challenge.scopes.join(' '))}`);
  }
  if (challenge.error) params.push(`error=${quoted(challenge.error)}`);
  if (challenge.description) params.push(`error_description=${quoted(challenge.description)}`);
  return `Bearer ${params.join(', ')}`;
}
