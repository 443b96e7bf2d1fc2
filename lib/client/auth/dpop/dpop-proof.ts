import { randomUUID } from 'node:crypto';
import { accessTokenHash, htuOf } from '../../../engine/dpop-claims.js';
import { loadJose } from '../../../engine/load-jose.js';
import type { DpopKey } from './dpop-key.js';

/** The request a DPoP proof is made for. */
export interface DpopProofTarget {
  /** `htm`: the HTTP method. */
  method: string;
  /** The request URL; `htu` is it without query and fragment (RFC 9449 §4.2). */
  url: URL | string;
  /** The access token the request presents: its hash becomes `ath` (RFC 9449 §4.2, §7.1). */
  accessToken?: string;
  /** A server-supplied nonce (`DPoP-Nonce`, RFC 9449 §8, §9). */
  nonce?: string;
}

/**
 * Signs one DPoP proof JWT (RFC 9449 §4.2): header `typ: dpop+jwt`, `alg`, the public `jwk`;
 * claims `jti` (fresh), `htm`, `htu`, `iat`, and `ath` / `nonce` when given. A proof is for one
 * request only.
 */
export async function createDpopProof(key: DpopKey, target: DpopProofTarget): Promise<string> {
  const jose = await loadJose();
  const claims: Record<string, string> = {
    jti: randomUUID(),
    htm: target.method.toUpperCase(),
    htu: htuOf(target.url),
  };
  if (target.accessToken !== undefined) claims.ath = accessTokenHash(target.accessToken);
  if (target.nonce !== undefined) claims.nonce = target.nonce;
  return new jose.SignJWT(claims)
    .setProtectedHeader({ typ: 'dpop+jwt', alg: key.alg, jwk: key.publicJwk })
    .setIssuedAt()
    .sign(key.privateKey);
}
