import { createHash } from 'node:crypto';
import type { AesGcmKeyRing } from '../../engine/aes-gcm-key-ring.js';

/** Format prefix of a sealed record; a new format gets a new prefix. */
const VERSION = 'v1.';
/** Purpose mixed into the additional authenticated data. */
const PURPOSE = 'mcp-upstream-tokens/v1';

/** What is kept of a user's upstream tokens (only ever stored sealed). */
export interface KeptUpstreamTokens {
  access_token: string;
  refresh_token?: string;
  /** When to renew the access token (shortly before it expires), epoch seconds; absent when the upstream did not say. */
  renew_at?: number;
}

/** The store id of a principal's record at one upstream (a digest: any subject is safe in a key). */
export function upstreamRecordId(subject: string, upstream: string): string {
  return createHash('sha256')
    .update(JSON.stringify([subject, upstream]))
    .digest('base64url');
}

function additionalData(subject: string, upstream: string): Buffer {
  return Buffer.from(JSON.stringify([PURPOSE, subject, upstream]));
}

/**
 * Seals kept tokens with AES-256-GCM under the first key of `keys`, bound to the principal and
 * the upstream: a record copied to another user or upstream does not open.
 */
export function sealUpstreamTokens(
  keys: AesGcmKeyRing,
  subject: string,
  upstream: string,
  tokens: KeptUpstreamTokens,
): string {
  const sealed = keys.seal(JSON.stringify(tokens), additionalData(subject, upstream));
  return VERSION + sealed.toString('base64url');
}

/**
 * The tokens of a sealed record, or undefined when it was altered, belongs to another principal
 * or upstream, or was sealed by a key not configured any more.
 */
export function openUpstreamTokens(
  keys: AesGcmKeyRing,
  subject: string,
  upstream: string,
  sealed: unknown,
): KeptUpstreamTokens | undefined {
  if (typeof sealed !== 'string' || !sealed.startsWith(VERSION)) return undefined;
  const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url');
  const text = keys.open(raw, additionalData(subject, upstream))?.toString('utf8');
  if (text === undefined) return undefined;
  try {
    const tokens = JSON.parse(text) as KeptUpstreamTokens;
    return typeof tokens?.access_token === 'string' ? tokens : undefined;
  } catch {
    return undefined;
  }
}
