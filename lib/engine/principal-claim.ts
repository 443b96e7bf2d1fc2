import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The `_meta` key under which a gateway hands a service the principal it authenticated, as a
 * signed claim (see {@link signPrincipalClaim}). A service that verifies claims strips it before
 * its handlers run; one that does not ignores it like any unknown `_meta` entry.
 */
export const PRINCIPAL_CLAIM_META_KEY = 'io.github.nestjs-mcp/principal';

/** The shared secret and lifetime of principal claims, on the signing and the verifying side. */
export interface PrincipalClaimKey {
  /** The HMAC-SHA256 key both sides share (at least 32 bytes). */
  key: string | Buffer;
  /** How long a claim is valid after it was signed, in ms. Default 30 000. */
  ttlMs?: number | undefined;
}

/** What a verified claim says. */
export interface PrincipalClaim {
  /** The principal as the gateway computed it (e.g. `sub:alice`). */
  sub: string;
  /** The service the claim was signed for (the gateway's name of it). */
  aud: string;
  /** Expiry, ms since the epoch. */
  exp: number;
  /** The authenticated user as the gateway's auth layer put it on `req.user` (JSON). */
  user?: unknown;
}

const VERSION = 'v1';
const DEFAULT_TTL_MS = 30_000;
/** Clock skew a verifier accepts past `exp`, in ms. */
const SKEW_MS = 5_000;

function mac(key: string | Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(`${VERSION}.${payload}`).digest();
}

function checkKey(key: string | Buffer): void {
  if (Buffer.byteLength(key) < 32) {
    throw new TypeError('A principal claim key needs at least 32 bytes');
  }
}

/**
 * Signs a claim that `sub` (with `user`) called through the gateway, for service `aud`, valid
 * for `ttlMs`: `v1.<payload base64url>.<HMAC-SHA256 base64url>`.
 * @throws TypeError when the key is shorter than 32 bytes.
 */
export function signPrincipalClaim(
  secret: PrincipalClaimKey,
  claim: { sub: string; aud: string; user?: unknown },
  now = Date.now(),
): string {
  checkKey(secret.key);
  const body: PrincipalClaim = { ...claim, exp: now + (secret.ttlMs ?? DEFAULT_TTL_MS) };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${VERSION}.${payload}.${mac(secret.key, payload).toString('base64url')}`;
}

/**
 * Verifies a claim for service `audience`: the signature (constant time), then the audience and
 * the expiry. Returns the claim, or a short reason it was refused (never the claim's content).
 */
export function verifyPrincipalClaim(
  secret: PrincipalClaimKey,
  audience: string,
  token: unknown,
  now = Date.now(),
): PrincipalClaim | { refused: string } {
  if (typeof token !== 'string' || token.length > 16_384) return { refused: 'malformed claim' };
  const [version, payload, signature, extra] = token.split('.');
  if (version !== VERSION || !payload || !signature || extra !== undefined) {
    return { refused: 'malformed claim' };
  }
  const expected = mac(secret.key, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { refused: 'bad signature' };
  }
  let claim: PrincipalClaim;
  try {
    claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as PrincipalClaim;
  } catch {
    return { refused: 'malformed claim' };
  }
  if (typeof claim.sub !== 'string' || typeof claim.exp !== 'number') {
    return { refused: 'malformed claim' };
  }
  if (claim.aud !== audience) return { refused: 'claim signed for another service' };
  if (claim.exp + SKEW_MS < now) return { refused: 'claim expired' };
  return claim;
}
