import { createHash, randomBytes } from 'node:crypto';

/** A PKCE pair (RFC 7636): the secret verifier and its S256 challenge. */
export interface PkcePair {
  verifier: string;
  challenge: string;
  method: 'S256';
}

/** A fresh PKCE pair: 32 random bytes as the verifier (43 characters), S256 challenge. */
export function createPkcePair(): PkcePair {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge, method: 'S256' };
}

/** An unguessable value for `state` (128 bits). */
export function randomState(): string {
  return randomBytes(16).toString('base64url');
}
