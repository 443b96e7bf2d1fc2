import { randomUUID } from 'node:crypto';
import type { ClientAuthenticator } from '../client-authentication.js';
import { loadJose } from '../../../engine/load-jose.js';
import { OAuthUrn } from './oauth-urns.js';
import { importSigningKey, type McpSigningKey, type McpSigningKeyInput } from './signing-key.js';

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
 * The `private_key_jwt` token endpoint authentication (RFC 7523 §2.2) for `requestToken`:
 * `client_id`, `client_assertion_type` and a fresh `client_assertion` (its `jti` is single-use)
 * whose `aud` is the authorization server's issuer. The key is imported on the first request; a
 * malformed one fails that request with `McpAuthError` `invalid_key` (and is tried again next time).
 */
export function privateKeyJwtAuthenticator(
  privateKey: McpSigningKeyInput,
  algorithm?: string,
): ClientAuthenticator {
  let key: Promise<McpSigningKey> | undefined;
  return async (body, _headers, context) => {
    key ??= importSigningKey(privateKey, algorithm, 'private_key_jwt key');
    const signingKey = await key.catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    body.set('client_id', context.client.clientId);
    body.set('client_assertion_type', OAuthUrn.jwtClientAssertion);
    body.set(
      'client_assertion',
      await createClientAssertion(signingKey, {
        clientId: context.client.clientId,
        audience: context.issuer,
      }),
    );
  };
}
