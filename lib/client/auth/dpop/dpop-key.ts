import type { CryptoKey, JWK } from 'jose';
import { McpAuthError } from '../../../errors/mcp-auth.error.js';
import { ASYMMETRIC_ALGS } from '../extensions/signing-key.js';
import { loadJose } from '../../../engine/load-jose.js';

/** The public members of a JWK per key type (RFC 7518 §6, RFC 8037): what a DPoP header may show. */
const PUBLIC_MEMBERS: Record<string, readonly string[]> = {
  EC: ['kty', 'crv', 'x', 'y'],
  RSA: ['kty', 'n', 'e'],
  OKP: ['kty', 'crv', 'x'],
};

/**
 * The key pair a client proves possession of with DPoP (RFC 9449): the private key signs each
 * proof, the public JWK travels in the proof's header and the access token is bound to its
 * thumbprint. One per client (per authorization server, at least); never shared.
 */
export class DpopKey {
  private constructor(
    /** The private signing key. */
    readonly privateKey: CryptoKey | Uint8Array,
    /** The public JWK (no private members). */
    readonly publicJwk: JWK,
    /** JWS algorithm of the proofs (`ES256` by default). */
    readonly alg: string,
  ) {}

  /** A fresh non-extractable key pair for `alg` (default ES256). */
  static async generate(alg = 'ES256'): Promise<DpopKey> {
    assertAlg(alg);
    const jose = await loadJose();
    const { privateKey, publicKey } = await jose.generateKeyPair(alg);
    return new DpopKey(privateKey, publicJwkOf(await jose.exportJWK(publicKey)), alg);
  }

  /**
   * A key pair from a private JWK (e.g. one kept across restarts so tokens stay bound to it).
   * @throws McpAuthError `invalid_dpop_key` when the JWK is malformed, has no private part, or
   *   does not fit `alg`.
   */
  static async fromJwk(jwk: JWK, alg = jwk?.alg ?? 'ES256'): Promise<DpopKey> {
    assertAlg(alg);
    const jose = await loadJose();
    try {
      if (typeof jwk !== 'object' || jwk === null || typeof jwk.kty !== 'string') {
        throw new TypeError('not a JWK (no "kty")');
      }
      if (!PUBLIC_MEMBERS[jwk.kty])
        throw new TypeError(`key type "${jwk.kty}" cannot sign DPoP proofs`);
      if (jwk.d === undefined) throw new TypeError('the JWK has no private part ("d")');
      const privateKey = await jose.importJWK(jwk, alg);
      const publicJwk = publicJwkOf(jwk);
      await jose.importJWK(publicJwk, alg); // the public half must be usable too
      return new DpopKey(privateKey, publicJwk, alg);
    } catch (error) {
      throw new McpAuthError(
        `The DPoP key could not be imported for ${alg}: ${error instanceof Error ? error.message : String(error)}`,
        'invalid_dpop_key',
        undefined,
        { cause: error },
      );
    }
  }

  /** The JWK SHA-256 thumbprint (RFC 7638): the `cnf.jkt` a bound token carries. */
  async thumbprint(): Promise<string> {
    const jose = await loadJose();
    return jose.calculateJwkThumbprint(this.publicJwk, 'sha256');
  }
}

function assertAlg(alg: string): void {
  if (!(ASYMMETRIC_ALGS as readonly string[]).includes(alg)) {
    throw new McpAuthError(
      `DPoP proofs need an asymmetric JWS algorithm, not "${alg}" (RFC 9449 §4.2)`,
      'invalid_dpop_key',
    );
  }
}

/** Only the public members of a JWK. */
function publicJwkOf(jwk: JWK): JWK {
  const members = PUBLIC_MEMBERS[jwk.kty ?? ''] ?? ['kty'];
  const record = jwk as Record<string, unknown>;
  return Object.fromEntries(
    members.filter((name) => record[name] !== undefined).map((name) => [name, record[name]]),
  ) as JWK;
}
