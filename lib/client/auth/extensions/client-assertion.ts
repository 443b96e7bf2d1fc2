import { randomUUID } from 'node:crypto';
import { loadJose } from '../load-jose.js';
import { OAuthUrn } from './oauth-urns.js';
import type { McpSigningKey } from './signing-key.js';

/** What a `private_key_jwt` client assertion (RFC 7523 §2.2, §3) is made of. */
export interface ClientAssertionClaims {
  /** `iss` and `sub`: the client's `client_id`. */
  clientId: string;
  /** `aud`: the authorization server's issuer identifier. */
  audience: string;
  /** Lifetime in seconds (default 60): `exp` = `iat` + lifetime. */
  lifetimeSeconds?: number;
}

/**
 * Signs a client assertion: `iss` = `sub` = client id, `aud`, `iat`, `exp`, a fresh `jti`
 * (RFC 7523 §3), header `alg` (and `typ: JWT`).
 */
export async function createClientAssertion(
  key: McpSigningKey,
  claims: ClientAssertionClaims,
): Promise<string> {
  const jose = await loadJose();
  const now = Math.floor(Date.now() / 1000);
  return new jose.SignJWT({})
    .setProtectedHeader({ alg: key.alg, typ: 'JWT' })
    .setIssuer(claims.clientId)
    .setSubject(claims.clientId)
    .setAudience(claims.audience)
    .setIssuedAt(now)
    .setExpirationTime(now + (claims.lifetimeSeconds ?? 60))
    .setJti(randomUUID())
    .sign(key.key);
}

/**
 * The token request parameters of `private_key_jwt` client authentication (RFC 7523 §2.2):
 * `client_assertion_type` and a freshly signed `client_assertion` (one per request: `jti` is
 * single-use).
 */
export async function privateKeyJwtParams(
  key: McpSigningKey,
  claims: ClientAssertionClaims,
): Promise<Record<string, string>> {
  return {
    client_assertion_type: OAuthUrn.jwtClientAssertion,
    client_assertion: await createClientAssertion(key, claims),
  };
}
