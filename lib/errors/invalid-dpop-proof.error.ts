/**
 * A DPoP proof (RFC 9449) was refused: absent where the token is DPoP-bound, not a `dpop+jwt`
 * signed by its own public key, for another method, URL or access token, too old, replayed, or
 * of a key the token is not bound to. Over HTTP it is a 401 whose `WWW-Authenticate: DPoP`
 * carries `error="invalid_dpop_proof"` and the message as `error_description`.
 */
export class InvalidDpopProofError extends Error {
  override readonly name = 'InvalidDpopProofError';
}
