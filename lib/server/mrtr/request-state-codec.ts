import { createHash, randomBytes } from 'node:crypto';
import { AesGcmKeyRing, toAesKey } from '../../engine/aes-gcm-key-ring.js';
import { McpError } from '../../errors/mcp.error.js';
import { markEnvelopeError } from '../../protocol/modern/envelope-error.js';
import { canonicalJson } from '../../protocol/canonical-json.js';

/** Token version prefix; a new format gets a new prefix. */
const VERSION = 'v1.';
/** Purpose string mixed into the additional authenticated data of every token. */
const PURPOSE = 'mcp-request-state/v1';
/** Default lifetime of a sealed state: 10 minutes. */
export const DEFAULT_REQUEST_STATE_TTL_MS = 600_000;
/** Default cap on the sealed token's size: 64 KiB. */
export const DEFAULT_REQUEST_STATE_MAX_BYTES = 65_536;

/** Options of the `requestState` sealing (module option `requestState`). */
export interface RequestStateOptions {
  /**
   * 32-byte AES keys (Buffer, or base64/hex string). The first seals, all open (rotation: put
   * the new key first, keep the old ones until their tokens expired). Instances serving one
   * endpoint must share them. Default: one random key per process.
   */
  keys?: ReadonlyArray<string | Buffer>;
  /** Lifetime of a sealed state in ms. Default 10 minutes. */
  ttlMs?: number;
  /** Most input rounds one request may take (write-once elicitation). Default 8. */
  maxRounds?: number;
  /** Largest sealed state in bytes; sealing more is a server error. Default 64 KiB. */
  maxBytes?: number;
}

/** What a token is bound to: the caller, the method and the salient params of the request. */
export interface RequestStateBinding {
  /** Who is calling (`'anonymous'` when unknown). */
  readonly principal: string;
  /** `tools/call`, `prompts/get` or `resources/read`. */
  readonly method: string;
  /** The request params; only the salient ones (name/arguments or uri) are digested. */
  readonly params: Readonly<Record<string, unknown>>;
}

/** The sealed content: the library's round data and the handler's own state. */
export interface RequestStatePayload {
  /** Input round this state was issued in (1 = first answer of the server). */
  round: number;
  /** Answers carried from earlier rounds, by key. */
  answers: Record<string, unknown>;
  /** Method of each input request asked in the issuing round, by key. */
  asked: Record<string, string>;
  /** The handler's own state (explicit API), if any. */
  app?: unknown;
}

interface SealedPlaintext extends RequestStatePayload {
  exp: number;
  iat: number;
  nonce: string;
}

/** The one error of every failed verification: no detail, so it is no oracle (HTTP 400). */
export function invalidRequestState(): McpError {
  return envelopeError('requestState is invalid, expired or belongs to another request');
}

/** `-32602` refusing the request's MRTR envelope (`requestState`, `inputResponses`): HTTP 400. */
export function envelopeError(message: string): McpError {
  return markEnvelopeError(McpError.invalidParams(message));
}

/** The params that identify a request: `{name, arguments}` or `{uri}`; never `_meta` or MRTR fields. */
function salientParams(method: string, params: Readonly<Record<string, unknown>>): unknown {
  if (method === 'resources/read') return { uri: params.uri };
  return { name: params.name, arguments: params.arguments ?? {} };
}

/** SHA-256 (base64url) of the canonical JSON of a request's salient params. */
export function requestDigest(method: string, params: Readonly<Record<string, unknown>>): string {
  return createHash('sha256')
    .update(canonicalJson(salientParams(method, params)))
    .digest('base64url');
}

function additionalData(binding: RequestStateBinding): Buffer {
  const digest = requestDigest(binding.method, binding.params);
  return Buffer.from(JSON.stringify([PURPOSE, binding.principal, binding.method, digest]));
}

/**
 * The 32-byte key a configured `requestState` key stands for.
 * @throws Error naming `requestState.keys[index]` when it is not 32 bytes.
 */
export function toKey(key: string | Buffer, index: number): Buffer {
  return toAesKey(key, index, 'requestState.keys');
}

/**
 * Seals and opens MRTR `requestState` tokens: AES-256-GCM with a random 12-byte IV, bound through
 * the additional authenticated data to a purpose string, the principal, the method and a digest
 * of the salient params; expiry, issue time and a nonce inside. Token:
 * `v1.` + base64url(keyId | iv | ciphertext | tag), keyId being the first byte of the key's
 * SHA-256 (stable when keys are reordered for rotation). Every failure is the same `-32602`.
 */
export class RequestStateCodec {
  /** True when no keys were configured (one random key for this process). */
  readonly usesDefaultKey: boolean;
  /** Lifetime of a sealed state in ms. */
  readonly ttlMs: number;
  /** Largest sealed token, in bytes. */
  readonly maxBytes: number;
  /** The key set (the first key seals, all open). */
  private readonly keys: AesGcmKeyRing;

  constructor(
    options: RequestStateOptions = {},
    private readonly now: () => number = Date.now,
  ) {
    this.keys = new AesGcmKeyRing(options.keys, 'requestState.keys');
    this.usesDefaultKey = this.keys.usesDefaultKey;
    this.ttlMs = options.ttlMs ?? DEFAULT_REQUEST_STATE_TTL_MS;
    this.maxBytes = options.maxBytes ?? DEFAULT_REQUEST_STATE_MAX_BYTES;
    if (!(this.ttlMs > 0)) throw new Error('requestState.ttlMs must be positive');
  }

  /** Seals a payload for one request; throws (a server error) when the token exceeds `maxBytes`. */
  seal(payload: RequestStatePayload, binding: RequestStateBinding): string {
    const iat = this.now();
    const plain: SealedPlaintext = {
      ...payload,
      exp: iat + this.ttlMs,
      iat,
      nonce: randomBytes(12).toString('base64url'),
    };
    const sealed = this.keys.seal(JSON.stringify(plain), additionalData(binding));
    const token = VERSION + sealed.toString('base64url');
    if (token.length > this.maxBytes) {
      throw new Error(`requestState exceeds ${this.maxBytes} bytes; keep handler state small`);
    }
    return token;
  }

  /** Opens a token for this request; any failure throws {@link invalidRequestState}. */
  open(token: unknown, binding: RequestStateBinding): RequestStatePayload {
    const plain = this.decrypt(token, binding);
    if (
      plain === undefined ||
      typeof plain.exp !== 'number' ||
      plain.exp < this.now() ||
      typeof plain.round !== 'number' ||
      typeof plain.answers !== 'object' ||
      plain.answers === null ||
      typeof plain.asked !== 'object' ||
      plain.asked === null
    ) {
      throw invalidRequestState();
    }
    const { round, answers, asked, app } = plain;
    return app === undefined ? { round, answers, asked } : { round, answers, asked, app };
  }

  private decrypt(token: unknown, binding: RequestStateBinding): SealedPlaintext | undefined {
    if (typeof token !== 'string' || !token.startsWith(VERSION)) return undefined;
    if (token.length > this.maxBytes) return undefined;
    const encoded = token.slice(VERSION.length);
    if (!/^[A-Za-z0-9_-]*$/.test(encoded)) return undefined;
    const raw = Buffer.from(encoded, 'base64url');
    // Re-encoding must give the same text: no trailing bits or appended junk slip through.
    if (raw.toString('base64url') !== encoded) return undefined;
    const text = this.keys.open(raw, additionalData(binding))?.toString('utf8');
    if (text === undefined) return undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      return typeof parsed === 'object' && parsed !== null
        ? (parsed as SealedPlaintext)
        : undefined;
    } catch {
      return undefined;
    }
  }
}
