import { classifyEra } from '../../../../lib/protocol/modern/protocol-eras.js';

const modernMeta = { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } };

describe('classifyEra', () => {
  it.each([
    ['modern _meta version', { params: modernMeta }, 'modern'],
    [
      'modern _meta capabilities only',
      { params: { _meta: { 'io.modelcontextprotocol/clientCapabilities': {} } } },
      'modern',
    ],
    ['no _meta, no header', { params: {} }, 'legacy'],
    ['legacy header', { params: {}, headerVersion: '2025-11-25' }, 'legacy'],
    ['modern header, no session', { params: {}, headerVersion: '2026-07-28' }, 'modern'],
    ['unknown header, no session', { params: {}, headerVersion: 'v999.0.0' }, 'modern'],
    [
      'unknown header with a session id',
      { params: {}, headerVersion: 'v999.0.0', hasSessionId: true },
      'legacy',
    ],
    ['modern _meta with a session id', { params: modernMeta, hasSessionId: true }, 'modern'],
  ] as const)('%s → %s', (_, input, era) => {
    expect(classifyEra(input)).toBe(era);
  });

  it("'legacy' mode never answers modern, 'modern' always does", () => {
    expect(classifyEra({ params: modernMeta }, 'legacy')).toBe('legacy');
    expect(classifyEra({ params: {} }, 'modern')).toBe('modern');
  });
});
