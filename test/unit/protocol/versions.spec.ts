import {
  DEFAULT_NEGOTIATED_PROTOCOL_VERSION,
  LATEST_LEGACY_PROTOCOL_VERSION,
  LEGACY_PROTOCOL_VERSIONS,
  MODERN_PROTOCOL_VERSIONS,
  isSupportedLegacyVersion,
  isVersionAtLeast,
  negotiateProtocolVersion,
} from '../../../lib/protocol/versions.js';

describe('protocol version constants', () => {
  it('lists the legacy revisions newest first, with 2025-11-25 as the latest', () => {
    expect([...LEGACY_PROTOCOL_VERSIONS]).toEqual([
      '2025-11-25',
      '2025-06-18',
      '2025-03-26',
      '2024-11-05',
    ]);
    expect(LATEST_LEGACY_PROTOCOL_VERSION).toBe('2025-11-25');
  });

  it('lists 2026-07-28 as the modern revision', () => {
    expect([...MODERN_PROTOCOL_VERSIONS]).toEqual(['2026-07-28']);
  });

  it('defaults to 2025-03-26 when no MCP-Protocol-Version header arrives', () => {
    expect(DEFAULT_NEGOTIATED_PROTOCOL_VERSION).toBe('2025-03-26');
  });
});

describe('negotiateProtocolVersion', () => {
  it.each(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'])(
    'echoes the supported legacy revision %s',
    (version) => {
      expect(negotiateProtocolVersion(version)).toBe(version);
    },
  );

  it('maps the pre-release 2024-10-07 tag to its wire revision 2024-11-05', () => {
    expect(negotiateProtocolVersion('2024-10-07')).toBe('2024-11-05');
  });

  it.each([
    ['an unknown future revision', '2099-01-01'],
    ['an unknown past revision', '2023-01-01'],
    ['the modern revision (no initialize in 2026)', '2026-07-28'],
    ['garbage', 'latest'],
    ['an empty string', ''],
    ['a number', 20251125],
    ['undefined', undefined],
    ['null', null],
  ])('answers the latest legacy revision for %s', (_label, requested) => {
    expect(negotiateProtocolVersion(requested)).toBe(LATEST_LEGACY_PROTOCOL_VERSION);
  });
});

describe('isSupportedLegacyVersion', () => {
  it('accepts every legacy revision and the 2024-10-07 alias', () => {
    for (const v of [...LEGACY_PROTOCOL_VERSIONS, '2024-10-07']) {
      expect(isSupportedLegacyVersion(v)).toBe(true);
    }
  });

  it.each(['2026-07-28', '2099-01-01', '', '2025-11-25 '])('rejects %j', (v) => {
    expect(isSupportedLegacyVersion(v)).toBe(false);
  });
});

describe('isVersionAtLeast', () => {
  it('compares revisions as dates', () => {
    expect(isVersionAtLeast('2026-07-28', '2026-07-28')).toBe(true);
    expect(isVersionAtLeast('2026-07-28', '2025-11-25')).toBe(true);
    expect(isVersionAtLeast('2025-11-25', '2026-07-28')).toBe(false);
    expect(isVersionAtLeast('2024-11-05', '2025-03-26')).toBe(false);
  });
});
