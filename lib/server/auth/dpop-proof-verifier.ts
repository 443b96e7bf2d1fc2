import { accessTokenHash, htuOf } from '../../engine/dpop-claims.js';
import { loadJose } from '../../engine/load-jose.js';
import { InvalidDpopProofError } from '../../errors/invalid-dpop-proof.error.js';
import { InMemoryReplayCache } from '../../stores/in-memory-replay-cache.js';
import type { McpReplayCache } from '../../stores/replay-cache.interface.js';

/** How the MCP endpoint checks DPoP proofs (module option `auth.dpop`). */
export interface McpDpopOptions {
  /**
   * Refuse plain bearer tokens: every token must be DPoP-bound and come with a proof. Default
   * `false` (a bound token needs a proof, an unbound one is a bearer token).
   */
  required?: boolean;
  /**
   * JWS algorithms a proof may be signed with (asymmetric only), also the `algs` of the `DPoP`
   * challenge. Default `['ES256', 'ES384', 'EdDSA', 'PS256', 'RS256']`.
   */
  algorithms?: string[];
  /** How old a proof (`iat`) may be, in seconds; also how long its `jti` is remembered. Default 300. */
  maxAgeSeconds?: number;
  /** How far in the future a proof's `iat` may be (clock skew), in seconds. Default 60. */
  clockSkewSeconds?: number;
  /**
   * How many proof ids (`jti`) this process remembers at most against replay. Default 100,000.
   * With the module's `redis` option the ids are remembered in Redis instead (shared by every
   * instance, each until its proof is too old), and this bound does not apply.
   */
  maxRememberedProofs?: number;
  /**
   * Where proof ids are remembered when the module has no `redis` option, shared by every
   * instance (e.g. `SqlLimitCounters`; `McpAuthorizationServerModule` sets it to its
   * `sqlAuthorizationStore`'s counters). Default this process's memory.
   */
  replayCache?: McpReplayCache | undefined;
}

/** One request's proof to check. */
export interface DpopProofCheck {
  /** The `DPoP` header (one value). */
  readonly proof: string | string[] | undefined;
  /** The request method (`htm`). */
  readonly method: string;
  /** The URLs `htu` may name: the request's own, and the configured resource. */
  readonly urls: readonly string[];
  /** The access token presented with it (`ath`). */
  readonly accessToken: string;
}

const DEFAULT_ALGORITHMS = ['ES256', 'ES384', 'EdDSA', 'PS256', 'RS256'];
const MAX_JTI_LENGTH = 256;

/**
 * Checks DPoP proofs (RFC 9449 §4.3) at a protected resource: one `dpop+jwt` signed by the public
 * key in its own header with an allowed asymmetric algorithm, for this method (`htm`) and URL
 * (`htu`, without query and fragment), this access token (`ath`), recent (`iat`), and never seen
 * before (`jti`, remembered until the proof is too old: per process, or in Redis across instances
 * when a shared `replayCache` is given). Returns the key's SHA-256 JWK
 * thumbprint, which the caller compares with the token's `cnf.jkt`.
 */
export class DpopProofVerifier {
  /** The algorithms accepted, in the order the challenge names them. */
  readonly algorithms: readonly string[];
  private readonly maxAgeSeconds: number;
  private readonly skewSeconds: number;
  private readonly replays: McpReplayCache;

  /**
   * @param replayCache Where proof ids are remembered; default this process's memory (bounded
   *   by `maxRememberedProofs`).
   */
  constructor(options: McpDpopOptions = {}, replayCache?: McpReplayCache) {
    const algorithms = options.algorithms ?? DEFAULT_ALGORITHMS;
    if (algorithms.length === 0 || algorithms.some((a) => a === 'none' || /^HS/i.test(a))) {
      throw new Error('auth.dpop.algorithms: asymmetric JWS algorithms only (not none, not HS*)');
    }
    this.algorithms = algorithms;
    this.maxAgeSeconds = options.maxAgeSeconds ?? 300;
    this.skewSeconds = options.clockSkewSeconds ?? 60;
    this.replays = replayCache ?? new InMemoryReplayCache(options.maxRememberedProofs ?? 100_000);
  }

  /**
   * Verifies `check.proof`; resolves with the proof key's JWK thumbprint.
   * @throws InvalidDpopProofError naming what is wrong with the proof.
   */
  async verify(check: DpopProofCheck): Promise<string> {
    const { proof } = check;
    if (Array.isArray(proof)) throw new InvalidDpopProofError('Several DPoP headers');
    if (!proof) throw new InvalidDpopProofError('A DPoP proof is required (DPoP header)');
    const jose = await loadJose();
    let payload: Record<string, unknown>;
    let jwk: Record<string, unknown>;
    try {
      const verified = await jose.jwtVerify(proof, jose.EmbeddedJWK, {
        typ: 'dpop+jwt',
        algorithms: [...this.algorithms],
      });
      payload = verified.payload;
      jwk = verified.protectedHeader.jwk as Record<string, unknown>;
    } catch (error) {
      throw new InvalidDpopProofError(`The DPoP proof is not valid: ${reasonOf(error)}`);
    }
    if ('d' in jwk) throw new InvalidDpopProofError('The DPoP proof header carries a private key');
    this.checkClaims(payload, check);
    const jkt = await jose.calculateJwkThumbprint(jwk, 'sha256');
    await this.remember(`${jkt}:${String(payload.jti)}`, Number(payload.iat));
    return jkt;
  }

  private checkClaims(payload: Record<string, unknown>, check: DpopProofCheck): void {
    const { htm, htu, iat, jti, ath } = payload;
    if (htm !== check.method)
      throw new InvalidDpopProofError('The DPoP proof is for another method');
    if (typeof htu !== 'string' || !check.urls.some((url) => sameHtu(url, htu))) {
      throw new InvalidDpopProofError('The DPoP proof is for another URL');
    }
    const now = Date.now() / 1000;
    if (typeof iat !== 'number' || iat < now - this.maxAgeSeconds || iat > now + this.skewSeconds) {
      throw new InvalidDpopProofError('The DPoP proof is too old or from the future');
    }
    if (typeof jti !== 'string' || jti === '' || jti.length > MAX_JTI_LENGTH) {
      throw new InvalidDpopProofError('The DPoP proof has no valid jti');
    }
    if (ath !== accessTokenHash(check.accessToken)) {
      throw new InvalidDpopProofError('The DPoP proof is for another access token');
    }
  }

  /** Records a proof id until its proof is too old to be accepted; refuses one seen before. */
  private async remember(key: string, iat: number): Promise<void> {
    const ttlMs = (iat + this.maxAgeSeconds + this.skewSeconds) * 1000 - Date.now();
    if (!(await this.replays.claim(key, Math.max(1, ttlMs)))) {
      throw new InvalidDpopProofError('The DPoP proof was used before');
    }
  }
}

function sameHtu(url: string, htu: string): boolean {
  try {
    return htuOf(url) === htuOf(htu);
  } catch {
    return false;
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
