import { createHash } from 'node:crypto';

// The DPoP (RFC 9449 §4.2) claims both sides compute: the client's proofs, the resource's check.

/** `htu`: the URL without query and fragment. */
export function htuOf(url: URL | string): string {
  const target = new URL(url);
  target.search = '';
  target.hash = '';
  return target.href;
}

/** `ath`: base64url(SHA-256(ASCII access token)). */
export function accessTokenHash(accessToken: string): string {
  return createHash('sha256').update(accessToken, 'ascii').digest('base64url');
}
