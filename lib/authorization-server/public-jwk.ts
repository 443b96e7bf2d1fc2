/** The public half of a signing JWK (what the JWKS publishes). */
export function publicJwk(jwk: Record<string, unknown>): Record<string, unknown> {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, k: _k, oth: _oth, ...pub } = jwk;
  return pub;
}
