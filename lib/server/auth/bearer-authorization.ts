/** The schemes an access token may come in: `Bearer` (RFC 6750) and `DPoP` (RFC 9449 §7.1). */
export type AccessTokenScheme = 'bearer' | 'dpop';

/** The outcome of reading an `Authorization` header for an access token. */
export type BearerAuthorization =
  | { readonly kind: 'token'; readonly token: string; readonly scheme: AccessTokenScheme }
  | { readonly kind: 'missing' }
  | { readonly kind: 'malformed'; readonly reason: string; readonly scheme?: AccessTokenScheme };

// RFC 6750 b64token (also RFC 9449's token68): 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/**
 * Reads `Authorization: Bearer <token>` or `Authorization: DPoP <token>`: no header is `missing`
 * (a plain 401 challenge), another scheme, several headers, an empty or ill-formed token is
 * `malformed` (401 `invalid_request`).
 */
export function readBearerAuthorization(
  header: string | string[] | undefined,
): BearerAuthorization {
  if (header === undefined) return { kind: 'missing' };
  if (Array.isArray(header)) return { kind: 'malformed', reason: 'Several Authorization headers' };
  const space = header.indexOf(' ');
  const name = (space < 0 ? header : header.slice(0, space)).toLowerCase();
  if (name !== 'bearer' && name !== 'dpop') {
    return { kind: 'malformed', reason: 'The Authorization scheme must be Bearer or DPoP' };
  }
  const scheme: AccessTokenScheme = name;
  const token = space < 0 ? '' : header.slice(space + 1).trim();
  if (!B64TOKEN.test(token)) {
    return { kind: 'malformed', reason: 'The access token is missing or malformed', scheme };
  }
  return { kind: 'token', token, scheme };
}
