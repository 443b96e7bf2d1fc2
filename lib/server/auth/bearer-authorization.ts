/** The outcome of reading an `Authorization` header for a bearer token (RFC 6750 §2.1). */
export type BearerAuthorization =
  | { readonly kind: 'token'; readonly token: string }
  | { readonly kind: 'missing' }
  | { readonly kind: 'malformed'; readonly reason: string };

// RFC 6750 b64token: 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/**
 * Reads `Authorization: Bearer <token>`: no header is `missing` (a plain 401 challenge), another
 * scheme, several headers, an empty or ill-formed token is `malformed` (401 `invalid_request`).
 */
export function readBearerAuthorization(
  header: string | string[] | undefined,
): BearerAuthorization {
  if (header === undefined) return { kind: 'missing' };
  if (Array.isArray(header)) return { kind: 'malformed', reason: 'Several Authorization headers' };
  const space = header.indexOf(' ');
  const scheme = space < 0 ? header : header.slice(0, space);
  if (scheme.toLowerCase() !== 'bearer') {
    return { kind: 'malformed', reason: 'The Authorization scheme must be Bearer' };
  }
  const token = space < 0 ? '' : header.slice(space + 1).trim();
  if (!B64TOKEN.test(token)) {
    return { kind: 'malformed', reason: 'The bearer token is missing or malformed' };
  }
  return { kind: 'token', token };
}
