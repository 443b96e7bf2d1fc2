// An answer of the MCP endpoint that asks for (other) credentials: 401, or 403 with a Bearer
// challenge (`insufficient_scope`: step-up). The page signs in on it (see sign-in.ts).
import {
  readBearerChallenge,
  type BearerChallenge,
} from '../../../lib/client/auth/discovery/www-authenticate.js';

/** The endpoint refused the request for its credentials; `challenge` says what it wants. */
export class AuthRefusal extends Error {
  constructor(
    readonly status: number,
    readonly challenge: BearerChallenge | undefined,
  ) {
    const why = challenge?.errorDescription ?? challenge?.error;
    super(
      status === 401
        ? `HTTP 401: sign-in required${why ? ` (${why})` : ''}`
        : `HTTP 403: ${why ?? 'forbidden'}`,
    );
  }

  /** A 403 `insufficient_scope`: the token lacks scopes the challenge names. */
  get stepUp(): boolean {
    return this.status === 403 && this.challenge?.error === 'insufficient_scope';
  }
}

/**
 * The refusal `res` carries, if any: a 401 (with or without a readable challenge), or a 403 whose
 * `WWW-Authenticate` is a Bearer challenge. Other answers (a guard's plain 403 too) go on as
 * before.
 */
export function authRefusalOf(res: Response): AuthRefusal | undefined {
  if (res.status !== 401 && res.status !== 403) return undefined;
  let challenge: BearerChallenge | undefined;
  try {
    challenge = readBearerChallenge(res.headers.get('www-authenticate') ?? undefined);
  } catch {
    challenge = undefined; // malformed: a 401 still means "sign in"
  }
  if (res.status === 403 && !challenge) return undefined;
  void res.body?.cancel().catch(() => undefined);
  return new AuthRefusal(res.status, challenge);
}
