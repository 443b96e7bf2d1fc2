import type { JWK } from 'jose';
import { createDpopProof } from './dpop-proof.js';
import { DpopKey } from './dpop-key.js';
import { DpopNonces } from './dpop-nonces.js';

/** Options of {@link DpopSession}. */
export interface DpopOptions {
  /** The key pair (a `DpopKey` or a private JWK); default: a fresh ES256 pair per session. */
  key?: DpopKey | JWK;
  /** JWS algorithm for a generated or imported key (default ES256). */
  alg?: string;
}

/**
 * One client's DPoP state (RFC 9449): its key pair and the nonces servers gave it. Shared by the
 * token endpoint calls ({@link dpopFetch}) and the MCP requests ({@link DpopHttpAuth}).
 */
export class DpopSession {
  /** The `DPoP-Nonce` of each server. */
  readonly nonces = new DpopNonces();
  private key: Promise<DpopKey> | undefined;

  constructor(private readonly options: DpopOptions = {}) {}

  /**
   * The key pair (generated or imported on first use).
   * @throws McpAuthError `invalid_dpop_key` for a malformed JWK or a non-asymmetric algorithm.
   */
  keyPair(): Promise<DpopKey> {
    const { key, alg } = this.options;
    this.key ??= (
      key instanceof DpopKey
        ? Promise.resolve(key)
        : key
          ? DpopKey.fromJwk(key, alg)
          : DpopKey.generate(alg)
    ).catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }

  /** A proof for one request to `url`, with the nonce its server last gave (if any). */
  async proof(method: string, url: URL | string, accessToken?: string): Promise<string> {
    return createDpopProof(await this.keyPair(), {
      method,
      url,
      accessToken,
      nonce: this.nonces.get(url),
    });
  }
}
