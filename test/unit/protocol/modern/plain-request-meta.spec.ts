import { isPlainRequestMeta } from '../../../../lib/protocol/modern/plain-request-meta.js';
import { parseModernEnvelope } from '../../../../lib/protocol/modern/modern-envelope.js';
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  LOG_LEVEL_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  RequestMetaObjectSchema,
} from '../../../../lib/protocol/schema/index.js';

const V = '2026-07-28';
const base = {
  [PROTOCOL_VERSION_META_KEY]: V,
  [CLIENT_CAPABILITIES_META_KEY]: {},
};

/** Metas the shortcut takes: each must be one the schema accepts and returns unchanged. */
const plain: Record<string, unknown>[] = [
  base,
  { ...base, [CLIENT_INFO_META_KEY]: { name: 'c', version: '1' } },
  { ...base, [CLIENT_INFO_META_KEY]: { name: 'c', version: '1', title: 'C', vendor: 7 } },
  { ...base, [CLIENT_CAPABILITIES_META_KEY]: { sampling: {}, elicitation: {}, roots: {} } },
  { ...base, [CLIENT_CAPABILITIES_META_KEY]: { custom: 'anything' } },
  { ...base, [LOG_LEVEL_META_KEY]: 'debug', progressToken: 'p1', other: [1] },
];

/** Metas the shortcut leaves to the schema (some valid, some not). */
const notPlain: Record<string, unknown>[] = [
  { ...base, [PROTOCOL_VERSION_META_KEY]: 1 },
  { ...base, [CLIENT_CAPABILITIES_META_KEY]: [] },
  { ...base, [CLIENT_CAPABILITIES_META_KEY]: { roots: { listChanged: true } } },
  { ...base, [CLIENT_CAPABILITIES_META_KEY]: { roots: { listChanged: 'yes' } } },
  { ...base, [CLIENT_CAPABILITIES_META_KEY]: { sampling: [] } },
  { ...base, [CLIENT_CAPABILITIES_META_KEY]: { experimental: { x: 1 } } },
  { ...base, [CLIENT_INFO_META_KEY]: { name: 'c' } },
  { ...base, [CLIENT_INFO_META_KEY]: { name: 'c', version: '1', title: 5 } },
  { ...base, [CLIENT_INFO_META_KEY]: { name: 'c', version: '1', icons: 'no' } },
  { ...base, [CLIENT_INFO_META_KEY]: [] },
  { ...base, [LOG_LEVEL_META_KEY]: 'loud' },
  { ...base, progressToken: 7 },
  { ...base, progressToken: true },
];

describe('isPlainRequestMeta', () => {
  it.each(plain.map((meta) => [meta]))('takes %j, which the schema accepts unchanged', (meta) => {
    expect(isPlainRequestMeta(meta)).toBe(true);
    const parsed = RequestMetaObjectSchema.safeParse(meta);
    expect(parsed.success && parsed.data).toEqual(meta);
  });

  it.each(notPlain.map((meta) => [meta]))('leaves %j to the schema', (meta) => {
    expect(isPlainRequestMeta(meta)).toBe(false);
  });

  it('still rejects through the schema what the shortcut declines', () => {
    const bad = { ...base, [CLIENT_CAPABILITIES_META_KEY]: { roots: { listChanged: 'yes' } } };
    expect(() => parseModernEnvelope({ _meta: bad }, [V])).toThrow(
      /Invalid params\._meta: .*roots\.listChanged/,
    );
    const ok = { ...base, [CLIENT_CAPABILITIES_META_KEY]: { roots: { listChanged: true } } };
    expect(parseModernEnvelope({ _meta: ok }, [V]).clientCapabilities).toEqual({
      roots: { listChanged: true },
    });
  });
});
