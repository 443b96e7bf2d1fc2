import { randomBytes } from 'node:crypto';
import { AesGcmKeyRing } from '../../../lib/engine/aes-gcm-key-ring.js';
import {
  openUpstreamTokens,
  sealUpstreamTokens,
} from '../../../lib/authorization-server/upstream-tokens/sealed-upstream-tokens.js';

const tokens = { access_token: 'gho_upstream', refresh_token: 'ghr_upstream', renew_at: 1 };
const ring = (...keys: Buffer[]) => new AesGcmKeyRing(keys, 'upstreamTokens.keys');

/**
 * Upstream tokens at rest: sealed under the key set's first key, opened by any key of the set (a
 * rotation keeps old records readable until their key is dropped), bound to the principal and
 * the upstream, and nothing but the tokens or `undefined` comes out of a damaged record.
 */
describe('sealed upstream tokens', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);

  it('never holds the tokens in clear', () => {
    const sealed = sealUpstreamTokens(ring(oldKey), 'alice', 'github', tokens);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('gho_upstream');
    expect(Buffer.from(sealed.slice(3), 'base64url').toString('latin1')).not.toContain('gho_');
  });

  it('rotates: a record sealed under the old key opens once a new key is put first', () => {
    const before = sealUpstreamTokens(ring(oldKey), 'alice', 'github', tokens);
    const rotated = ring(newKey, oldKey);
    expect(openUpstreamTokens(rotated, 'alice', 'github', before)).toEqual(tokens);
    // New records are sealed under the new key: the old key alone no longer opens them.
    const after = sealUpstreamTokens(rotated, 'alice', 'github', tokens);
    expect(openUpstreamTokens(ring(newKey), 'alice', 'github', after)).toEqual(tokens);
    expect(openUpstreamTokens(ring(oldKey), 'alice', 'github', after)).toBeUndefined();
    // Once the old key is dropped, what only it sealed reads as absent (sign in again).
    expect(openUpstreamTokens(ring(newKey), 'alice', 'github', before)).toBeUndefined();
  });

  it('is bound to the principal and the upstream', () => {
    const sealed = sealUpstreamTokens(ring(oldKey), 'alice', 'github', tokens);
    expect(openUpstreamTokens(ring(oldKey), 'mallory', 'github', sealed)).toBeUndefined();
    expect(openUpstreamTokens(ring(oldKey), 'alice', 'google', sealed)).toBeUndefined();
  });

  it('reads a damaged or foreign record as absent', () => {
    const keys = ring(oldKey);
    const sealed = sealUpstreamTokens(keys, 'alice', 'github', tokens);
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 20] ^= 1; // one bit of the ciphertext
    for (const bad of [
      `v1.${raw.toString('base64url')}`,
      sealed.slice(0, -4),
      'v1.',
      `v2.${sealed.slice(3)}`,
      { access_token: 'gho_plain' },
      undefined,
    ]) {
      expect(openUpstreamTokens(keys, 'alice', 'github', bad)).toBeUndefined();
    }
  });
});
