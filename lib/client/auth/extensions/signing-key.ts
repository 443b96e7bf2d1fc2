import type { CryptoKey, JWK } from 'jose';
import { McpAuthError } from '../../../errors/mcp-auth.error.js';
import { loadJose } from '../../../engine/load-jose.js';

/**
 * A private key the client signs with: a PKCS#8 PEM string (`-----BEGIN PRIVATE KEY-----`),
 * a private JWK (with `d`), or a WebCrypto `CryptoKey`.
 */
export type McpSigningKeyInput = string | JWK | CryptoKey;

/** A private key ready to sign with, and its JWS algorithm. */
export interface McpSigningKey {
  key: CryptoKey | Uint8Array;
  alg: string;
}

/** JWS algorithms the client signs with: asymmetric only (RFC 7523 and RFC 9449 rule out `none` and MACs here). */
export const ASYMMETRIC_ALGS = [
  'ES256',
  'ES384',
  'ES512',
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'EdDSA',
  'Ed25519',
] as const;

/**
 * Imports a private signing key for `alg` (a JWK's own `alg` wins when `alg` is omitted).
 * @throws McpAuthError `invalid_key` when the algorithm is not an asymmetric one, the PEM or JWK
 *   does not parse, or the JWK has no private part.
 */
export async function importSigningKey(
  input: McpSigningKeyInput,
  alg?: string,
  purpose = 'signing key',
): Promise<McpSigningKey> {
  const jwkAlg = typeof input === 'object' && 'kty' in input ? input.alg : undefined;
  const algorithm = alg ?? jwkAlg ?? 'ES256';
  if (!(ASYMMETRIC_ALGS as readonly string[]).includes(algorithm)) {
    throw new McpAuthError(
      `The ${purpose} algorithm "${algorithm}" is not supported (use one of ${ASYMMETRIC_ALGS.join(', ')})`,
      'invalid_key',
    );
  }
  if (isCryptoKey(input)) {
    if (input.type !== 'private') {
      throw new McpAuthError(`The ${purpose} must be a private key`, 'invalid_key');
    }
    return { key: input, alg: algorithm };
  }
  const jose = await loadJose();
  try {
    if (typeof input === 'string') {
      return { key: await jose.importPKCS8(input.trim(), algorithm), alg: algorithm };
    }
    if (typeof input !== 'object' || input === null || typeof input.kty !== 'string') {
      throw new TypeError('not a JWK (no "kty")');
    }
    if (input.d === undefined) throw new TypeError('the JWK has no private part ("d")');
    return { key: await jose.importJWK(input, algorithm), alg: algorithm };
  } catch (error) {
    throw new McpAuthError(
      `The ${purpose} could not be imported for ${algorithm}: ${error instanceof Error ? error.message : String(error)}`,
      'invalid_key',
      undefined,
      { cause: error },
    );
  }
}

function isCryptoKey(value: unknown): value is CryptoKey {
  return Object.prototype.toString.call(value) === '[object CryptoKey]';
}
