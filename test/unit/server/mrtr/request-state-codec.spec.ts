import { randomBytes } from 'node:crypto';
import { McpError } from '../../../../lib/errors/mcp.error.js';
import {
  RequestStateCodec,
  type RequestStateBinding,
  type RequestStatePayload,
} from '../../../../lib/server/mrtr/request-state-codec.js';

const binding: RequestStateBinding = {
  principal: 'alice',
  method: 'tools/call',
  params: { name: 'book', arguments: { city: 'Oslo', nights: 2 } },
};
const payload: RequestStatePayload = {
  round: 1,
  answers: { 'elicitation:0': { action: 'accept', content: { ok: true } } },
  asked: { 'elicitation:1': 'elicitation/create' },
  app: { step: 2 },
};

/** The single no-detail error every failure must be. */
function expectInvalid(open: () => unknown): void {
  let caught: unknown;
  try {
    open();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(McpError);
  expect((caught as McpError).toJson()).toEqual({
    code: -32602,
    message: 'requestState is invalid, expired or belongs to another request',
  });
}

describe('RequestStateCodec', () => {
  it('round-trips a payload, and every seal differs (iv, nonce)', () => {
    const codec = new RequestStateCodec();
    const a = codec.seal(payload, binding);
    const b = codec.seal(payload, binding);
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(codec.open(a, binding)).toEqual(payload);
  });

  it('ignores _meta, inputResponses, requestState and key order in the request digest', () => {
    const codec = new RequestStateCodec();
    const token = codec.seal(payload, binding);
    const retry = {
      arguments: { nights: 2, city: 'Oslo' },
      name: 'book',
      _meta: { progressToken: 1 },
      inputResponses: { x: { action: 'cancel' } },
      requestState: token,
    };
    expect(codec.open(token, { ...binding, params: retry })).toEqual(payload);
  });

  it('rejects a flipped byte anywhere in the token', () => {
    const codec = new RequestStateCodec();
    const token = codec.seal(payload, binding);
    const raw = Buffer.from(token.slice(3), 'base64url');
    for (const index of [0, 1, 20, raw.length - 1]) {
      const copy = Buffer.from(raw);
      copy[index] = copy[index]! ^ 0x01;
      expectInvalid(() => codec.open(`v1.${copy.toString('base64url')}`, binding));
    }
  });

  it('rejects appended text, a truncated token, another version and non-strings', () => {
    const codec = new RequestStateCodec();
    const token = codec.seal(payload, binding);
    expectInvalid(() => codec.open(`${token}-TAMPERED`, binding));
    expectInvalid(() => codec.open(`${token}A`, binding));
    expectInvalid(() => codec.open(token.slice(0, -4), binding));
    expectInvalid(() => codec.open(`v2.${token.slice(3)}`, binding));
    expectInvalid(() => codec.open('v1.', binding));
    expectInvalid(() => codec.open(42, binding));
    expectInvalid(() => codec.open(undefined, binding));
  });

  it('rejects an expired token (injected clock)', () => {
    let now = 1_000_000;
    const codec = new RequestStateCodec({ ttlMs: 5_000 }, () => now);
    const token = codec.seal(payload, binding);
    now += 5_000;
    expect(codec.open(token, binding)).toEqual(payload);
    now += 1;
    expectInvalid(() => codec.open(token, binding));
  });

  it('rejects another principal, another method, tool or arguments', () => {
    const codec = new RequestStateCodec();
    const token = codec.seal(payload, binding);
    expectInvalid(() => codec.open(token, { ...binding, principal: 'mallory' }));
    expectInvalid(() => codec.open(token, { ...binding, method: 'prompts/get' }));
    expectInvalid(() =>
      codec.open(token, { ...binding, params: { name: 'other', arguments: {} } }),
    );
    expectInvalid(() =>
      codec.open(token, {
        ...binding,
        params: { name: 'book', arguments: { city: 'Rome', nights: 2 } },
      }),
    );
  });

  it('binds resources/read to the uri', () => {
    const codec = new RequestStateCodec();
    const read = { principal: 'p', method: 'resources/read', params: { uri: 'a://1' } };
    const token = codec.seal(payload, read);
    expect(codec.open(token, read)).toEqual(payload);
    expectInvalid(() => codec.open(token, { ...read, params: { uri: 'a://2' } }));
  });

  it('rejects a token sealed by another process key (unknown key)', () => {
    const token = new RequestStateCodec().seal(payload, binding);
    expectInvalid(() => new RequestStateCodec().open(token, binding));
  });

  it('rotates keys: the first seals, every key opens, a dropped key no longer opens', () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32).toString('base64');
    const before = new RequestStateCodec({ keys: [oldKey] });
    const during = new RequestStateCodec({ keys: [newKey, oldKey.toString('hex')] });
    const after = new RequestStateCodec({ keys: [newKey] });
    const oldToken = before.seal(payload, binding);
    expect(during.open(oldToken, binding)).toEqual(payload);
    const newToken = during.seal(payload, binding);
    expect(after.open(newToken, binding)).toEqual(payload);
    expectInvalid(() => after.open(oldToken, binding));
    expectInvalid(() => before.open(newToken, binding));
  });

  it('validates keys at construction', () => {
    expect(() => new RequestStateCodec({ keys: [randomBytes(16)] })).toThrow(/keys\[0\]/);
    expect(() => new RequestStateCodec({ keys: ['not a key'] })).toThrow(/32 bytes/);
    expect(() => new RequestStateCodec({ keys: [randomBytes(32), 'ab'] })).toThrow(/keys\[1\]/);
    expect(new RequestStateCodec({ keys: [randomBytes(32)] }).usesDefaultKey).toBe(false);
    expect(new RequestStateCodec().usesDefaultKey).toBe(true);
  });

  it('refuses to seal more than maxBytes and to open a larger token', () => {
    const codec = new RequestStateCodec({ maxBytes: 300 });
    expect(() => codec.seal({ ...payload, app: 'x'.repeat(400) }, binding)).toThrow(/300 bytes/);
    const big = new RequestStateCodec({ maxBytes: 10_000 });
    const token = big.seal({ ...payload, app: 'x'.repeat(400) }, binding);
    expectInvalid(() => codec.open(token, binding));
  });
});
