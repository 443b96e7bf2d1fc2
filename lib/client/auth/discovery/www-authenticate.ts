import { McpAuthError } from '../../../errors/mcp-auth.error.js';

/** One challenge of a `WWW-Authenticate` header: its scheme and its parameters (names lower-cased). */
export interface AuthChallenge {
  /** The auth scheme as sent (`Bearer`, `DPoP`, ...). */
  scheme: string;
  /** The auth-params, names lower-cased, quoted strings unescaped. */
  params: Record<string, string>;
  /** A token68 value instead of params (e.g. `Basic` challenges), if any. */
  token68?: string;
}

/** What an MCP client reads from a Bearer (or DPoP) challenge (RFC 6750, RFC 9728). */
export interface BearerChallenge {
  /** The scheme of the challenge the fields come from. */
  scheme: string;
  /** RFC 9728 `resource_metadata`: where the Protected Resource Metadata is. */
  resourceMetadata?: string;
  /** Scopes the server asks for (space-separated in the header), if it named any. */
  scope?: string[];
  /** `invalid_token`, `insufficient_scope`, ... */
  error?: string;
  errorDescription?: string;
}

const TCHAR = /[!#$%&'*+.^_`|~0-9A-Za-z-]/;
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*/;

function malformed(header: string, why: string): McpAuthError {
  return new McpAuthError(
    `Malformed WWW-Authenticate header (${why}): ${JSON.stringify(header.slice(0, 200))}`,
    'invalid_www_authenticate',
  );
}

/**
 * Parses a `WWW-Authenticate` header (RFC 9110 §11.6.1) into its challenges: `scheme` followed
 * by a token68 or comma-separated `name=value` params (token or quoted-string), challenges
 * separated by commas.
 * @throws McpAuthError `invalid_www_authenticate` for a header that does not follow the grammar
 *   (no scheme, a parameter without a value, an unterminated quoted string, stray characters).
 */
export function parseWwwAuthenticate(header: string): AuthChallenge[] {
  let pos = 0;
  const at = () => header[pos];
  const skipSpace = () => {
    while (pos < header.length && (at() === ' ' || at() === '\t')) pos++;
  };
  const token = (): string => {
    const start = pos;
    while (pos < header.length && TCHAR.test(at()!)) pos++;
    return header.slice(start, pos);
  };
  const quoted = (): string => {
    pos++; // opening quote
    let value = '';
    while (pos < header.length && at() !== '"') {
      if (at() === '\\') pos++;
      if (pos >= header.length) break;
      value += at();
      pos++;
    }
    if (at() !== '"') throw malformed(header, 'unterminated quoted string');
    pos++;
    return value;
  };
  const challenges: AuthChallenge[] = [];
  for (;;) {
    while (pos < header.length && (at() === ',' || at() === ' ' || at() === '\t')) pos++;
    if (pos >= header.length) break;
    const scheme = token();
    if (!scheme)
      throw malformed(header, `unexpected ${JSON.stringify(at())} where a scheme belongs`);
    const challenge: AuthChallenge = { scheme, params: {} };
    challenges.push(challenge);
    skipSpace();
    const rest = header.slice(pos);
    const token68 = TOKEN68.exec(rest)?.[0];
    if (token68 && /^[ \t]*(,|$)/.test(rest.slice(token68.length))) {
      challenge.token68 = token68; // a lone value right after the scheme
      pos += token68.length;
      continue;
    }
    // auth-params until a token not followed by `=` (the next challenge's scheme) or the end
    for (;;) {
      skipSpace();
      if (pos >= header.length) break;
      const save = pos;
      const name = token();
      if (!name) throw malformed(header, `unexpected ${JSON.stringify(at())}`);
      skipSpace();
      if (at() !== '=') {
        pos = save; // the scheme of the next challenge
        break;
      }
      pos++;
      skipSpace();
      const value = at() === '"' ? quoted() : token();
      if (value === '' && header[pos - 1] !== '"') {
        throw malformed(header, `parameter "${name}" has no value`);
      }
      challenge.params[name.toLowerCase()] = value;
      skipSpace();
      if (pos >= header.length) break;
      if (at() !== ',') throw malformed(header, `expected "," after parameter "${name}"`);
      pos++;
    }
  }
  if (challenges.length === 0) throw malformed(header, 'no challenge');
  return challenges;
}

/**
 * The Bearer (else DPoP) challenge of a `WWW-Authenticate` header, in the fields an MCP client
 * acts on; undefined when the header is absent or has neither scheme.
 * @throws McpAuthError `invalid_www_authenticate` for a malformed header.
 */
export function readBearerChallenge(header: string | undefined): BearerChallenge | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const challenges = parseWwwAuthenticate(header);
  const found =
    challenges.find((c) => c.scheme.toLowerCase() === 'bearer') ??
    challenges.find((c) => c.scheme.toLowerCase() === 'dpop');
  if (!found) return undefined;
  if (found.token68 !== undefined) {
    throw malformed(header, `a ${found.scheme} challenge takes parameters, not "${found.token68}"`);
  }
  const { params } = found;
  const challenge: BearerChallenge = { scheme: found.scheme };
  if (params.resource_metadata !== undefined) challenge.resourceMetadata = params.resource_metadata;
  if (params.scope !== undefined) challenge.scope = params.scope.split(' ').filter(Boolean);
  if (params.error !== undefined) challenge.error = params.error;
  if (params.error_description !== undefined) challenge.errorDescription = params.error_description;
  return challenge;
}
