import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/** A configured AES-256 key: a 32-byte Buffer, 64 hex digits or base64 (url) of 32 bytes. */
export type AesKeyInput = string | Buffer;

/**
 * The 32 bytes a configured key stands for.
 * @throws Error naming `<option>[index]` when it is not 32 bytes.
 */
export function toAesKey(key: AesKeyInput, index: number, option: string): Buffer {
  let bytes: Buffer | undefined;
  if (Buffer.isBuffer(key)) bytes = key;
  else if (/^[0-9a-fA-F]{64}$/.test(key)) bytes = Buffer.from(key, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(key)) bytes = Buffer.from(key, 'base64');
  if (bytes?.length !== KEY_BYTES) {
    throw new Error(`${option}[${index}] must be 32 bytes (a Buffer, 64 hex digits or base64)`);
  }
  return Buffer.from(bytes);
}

/**
 * A key set with rotation for AES-256-GCM, the one such concept of the library (`requestState`
 * sealing, upstream tokens at rest): the first key seals, every key opens, so a new key is put
 * first and old ones are kept until what they sealed is gone. Sealed bytes are
 * `keyId | iv(12) | ciphertext | tag(16)`, keyId the first byte of the key's SHA-256 (stable
 * when keys are reordered); additional authenticated data binds each sealed value to its use.
 */
export class AesGcmKeyRing {
  /** True when no keys were configured (one random key for this process). */
  readonly usesDefaultKey: boolean;
  private readonly keys: Array<{ id: number; key: Buffer }>;

  /**
   * @param keys the configured keys, newest first; none: one random key for this process.
   * @param option the option's name, for the error naming a bad key (`requestState.keys`).
   */
  constructor(keys: ReadonlyArray<AesKeyInput> | undefined, option: string) {
    this.usesDefaultKey = !keys || keys.length === 0;
    const buffers = this.usesDefaultKey
      ? [randomBytes(KEY_BYTES)]
      : keys!.map((key, index) => toAesKey(key, index, option));
    this.keys = buffers.map((key) => ({ id: createHash('sha256').update(key).digest()[0]!, key }));
  }

  /** Seals `plain` under the first key, bound to `aad`. */
  seal(plain: string | Buffer, aad: Buffer): Buffer {
    const iv = randomBytes(IV_BYTES);
    const { id, key } = this.keys[0]!;
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(aad);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([Buffer.from([id]), iv, body, cipher.getAuthTag()]);
  }

  /**
   * Opens bytes of {@link seal} with whichever key sealed them; undefined when they are
   * altered, bound to another `aad`, or sealed by a key not in the set.
   */
  open(raw: Buffer, aad: Buffer): Buffer | undefined {
    if (raw.length < 1 + IV_BYTES + TAG_BYTES + 1) return undefined;
    const iv = raw.subarray(1, 1 + IV_BYTES);
    const tag = raw.subarray(raw.length - TAG_BYTES);
    const body = raw.subarray(1 + IV_BYTES, raw.length - TAG_BYTES);
    // The id byte only picks candidate keys (ids may collide); GCM's tag decides.
    for (const { id, key } of this.keys) {
      if (id !== raw[0]) continue;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(aad);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(body), decipher.final()]);
      } catch {
        // another key with the same id byte may open it
      }
    }
    return undefined;
  }
}
