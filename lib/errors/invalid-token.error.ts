/**
 * An access token was refused: absent, malformed, expired, for another audience, signed by an
 * unknown key, inactive at introspection. Over HTTP it is a 401 whose `WWW-Authenticate` carries
 * `error="invalid_token"` (when a token was presented) and the message as `error_description`.
 */
export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
