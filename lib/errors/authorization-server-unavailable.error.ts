/**
 * The authorization server could not be asked about a token: its JWKS or metadata could not be
 * fetched, or its introspection endpoint failed or did not answer. The fault is the server's,
 * not the token's, so the resource server answers 503 with `Retry-After` (never 401, which makes
 * a client throw its token away). The cause stays in the log; the client sees a fixed message.
 * A custom `verifier` throws it for the same outcome.
 */
export class AuthorizationServerUnavailableError extends Error {
  override readonly name = 'AuthorizationServerUnavailableError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
